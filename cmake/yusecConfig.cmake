# find_package(yusec): the library yusec::yusec (libyusec.so.0; yusec::yusec_static for
# libyusec.a, docs/library.md), the compiler yusec::compiler and yusec_add_shaders()
# (docs/generated.md). Installed to <prefix>/lib/cmake/yusec; everything is found relative to
# this file.
get_filename_component(_yusec_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(YUSEC_EXECUTABLE "${_yusec_prefix}/bin/yusec" CACHE FILEPATH "The yusec shader compiler")
if(NOT TARGET yusec::compiler)
  add_executable(yusec::compiler IMPORTED)
  set_target_properties(yusec::compiler PROPERTIES IMPORTED_LOCATION "${YUSEC_EXECUTABLE}")
endif()
if(NOT TARGET yusec::yusec)
  include("${CMAKE_CURRENT_LIST_DIR}/yusecTargets.cmake")
endif()
set(_YUSEC_HEADER_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/yusecShaderHeader.cmake")

# yusec_add_shaders(TARGET name SOURCES 名。着色器。豫… FORMATS wgsl msl ptx
#                   [ARCH sm_90] [INCLUDE_DIRS dir…])
# One command per source and format (plus the --entries=json manifest), each with the depfile
# yusec writes (-MD -MF), so a change to a source or an imported interface rebuilds exactly
# what depends on it. `name` becomes an INTERFACE library whose include directory holds
# <name>_shaders.h (texts and entry names as C string constants) and the emitted files.
function(yusec_add_shaders)
  cmake_parse_arguments(ARG "" "TARGET;ARCH" "SOURCES;FORMATS;INCLUDE_DIRS" ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_SOURCES)
    message(FATAL_ERROR "yusec_add_shaders: TARGET and SOURCES are required")
  endif()
  if(NOT ARG_FORMATS)
    set(ARG_FORMATS wgsl msl ptx)
  endif()
  set(outdir "${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}_shaders")
  file(MAKE_DIRECTORY "${outdir}")
  set(flags)
  foreach(dir IN LISTS ARG_INCLUDE_DIRS)
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND flags "-I${dir}")
  endforeach()
  set(outputs)
  set(stems)
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE)
    get_filename_component(name "${source}" NAME)
    string(REPLACE "。着色器。豫" "" stem "${name}")
    list(APPEND stems "${stem}")
    foreach(format IN LISTS ARG_FORMATS ITEMS json)
      if(format STREQUAL "wgsl")
        set(action -emit-wgsl)
      elseif(format STREQUAL "msl")
        set(action -emit-msl)
      elseif(format STREQUAL "ptx")
        set(action -emit-ptx)
        if(ARG_ARCH)
          list(APPEND action "-arch=${ARG_ARCH}")
        endif()
      elseif(format STREQUAL "json")
        set(action --entries=json)
      else()
        message(FATAL_ERROR "yusec_add_shaders: unknown format '${format}' (wgsl msl ptx)")
      endif()
      set(out "${outdir}/${stem}.${format}")
      add_custom_command(OUTPUT "${out}"
        COMMAND "${YUSEC_EXECUTABLE}" ${action} ${flags} "${source}" -o "${out}"
                -MD -MF "${out}.d"
        DEPENDS "${source}" "${YUSEC_EXECUTABLE}"
        DEPFILE "${out}.d"
        COMMENT "yusec ${format} ${name}"
        VERBATIM)
      list(APPEND outputs "${out}")
    endforeach()
  endforeach()
  set(header "${outdir}/${ARG_TARGET}_shaders.h")
  add_custom_command(OUTPUT "${header}"
    COMMAND "${CMAKE_COMMAND}" "-DOUT=${header}" "-DDIR=${outdir}" "-DNAME=${ARG_TARGET}"
            "-DSTEMS=${stems}" "-DFORMATS=${ARG_FORMATS}" -P "${_YUSEC_HEADER_SCRIPT}"
    DEPENDS ${outputs} "${_YUSEC_HEADER_SCRIPT}"
    COMMENT "yusec header ${ARG_TARGET}_shaders.h"
    VERBATIM)
  add_custom_target(${ARG_TARGET}_generate DEPENDS "${header}")
  add_library(${ARG_TARGET} INTERFACE)
  target_include_directories(${ARG_TARGET} INTERFACE "${outdir}")
  add_dependencies(${ARG_TARGET} ${ARG_TARGET}_generate)
endfunction()
