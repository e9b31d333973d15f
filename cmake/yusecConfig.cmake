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

# yusec_add_shaders(TARGET name SOURCES 名。着色器。豫…
#                   [FORMATS wgsl msl ptx cubin fatbin]   (default wgsl msl ptx)
#                   [ARCH sm_80 sm_90 …] [OPTIONS -O2 -fno-fma -fbounds-check …]
#                   [INCLUDE_DIRS dir…])
# ONE command per source (yusec -emit=LIST -o-dir, one front end: an error prints once) writes
# every requested format plus the manifest <stem>.json and the C host header <stem>.h, with
# the depfile yusec writes (-MD -MF <stem>.d) so a change to a source or an imported interface
# reruns exactly that command. yusec leaves an output whose bytes did not change untouched, and
# Ninja's restat (CMake sets it on custom commands) then skips what depends on it. Files:
# <stem>.wgsl, <stem>.metal, <stem>.ptx (with several ARCH one per arch: <stem>.<arch>.ptx,
# .cubin, .fatbin). `name` becomes an INTERFACE library whose include directory holds them and
# <name>_shaders.h (texts, entries, binaries as C constants, and every <stem>.h included).
# cubin/fatbin need the CUDA toolkit (ptxas, fatbinary; $CUDA_PATH/bin when CUDA_PATH is set,
# else CUDA_HOME, PATH, /usr/local/cuda/bin): without it configuring stops with an error.
function(_yusec_find_cuda_tool tool out_var)
  if(DEFINED ENV{CUDA_PATH})
    find_program(${out_var} ${tool} PATHS "$ENV{CUDA_PATH}/bin" NO_DEFAULT_PATH NO_CACHE)
  else()
    find_program(${out_var} ${tool} HINTS "$ENV{CUDA_HOME}/bin" PATHS /usr/local/cuda/bin NO_CACHE)
  endif()
  set(${out_var} "${${out_var}}" PARENT_SCOPE)
endfunction()

function(yusec_add_shaders)
  cmake_parse_arguments(ARG "" "TARGET" "SOURCES;FORMATS;ARCH;OPTIONS;INCLUDE_DIRS" ${ARGN})
  if(NOT ARG_TARGET OR NOT ARG_SOURCES)
    message(FATAL_ERROR "yusec_add_shaders: TARGET and SOURCES are required")
  endif()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "yusec_add_shaders: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_FORMATS)
    set(ARG_FORMATS wgsl msl ptx)
  endif()
  set(emit json h)
  foreach(format IN LISTS ARG_FORMATS)
    if(NOT format MATCHES "^(wgsl|msl|ptx|cubin|fatbin)$")
      message(FATAL_ERROR "yusec_add_shaders: unknown format '${format}' (wgsl msl ptx cubin fatbin)")
    endif()
    list(APPEND emit ${format})
  endforeach()
  list(REMOVE_DUPLICATES ARG_ARCH)
  list(LENGTH ARG_ARCH arch_count)
  set(launcher)
  if("cubin" IN_LIST ARG_FORMATS OR "fatbin" IN_LIST ARG_FORMATS)
    set(tools ptxas)
    if("fatbin" IN_LIST ARG_FORMATS)
      list(APPEND tools fatbinary)
    endif()
    foreach(tool IN LISTS tools)
      _yusec_find_cuda_tool(${tool} found)
      if(NOT found)
        message(FATAL_ERROR "yusec_add_shaders(${ARG_TARGET}): FORMATS cubin/fatbin need the CUDA "
                "toolkit's ${tool}, which was not found (CUDA_PATH=$ENV{CUDA_PATH}; looked in "
                "$CUDA_PATH/bin, else CUDA_HOME/bin, PATH and /usr/local/cuda/bin). Install the CUDA "
                "toolkit or leave cubin and fatbin out of FORMATS.")
      endif()
    endforeach()
    get_filename_component(cuda_bin "${found}" DIRECTORY)
    get_filename_component(cuda_root "${cuda_bin}" DIRECTORY)
    set(launcher "${CMAKE_COMMAND}" -E env "CUDA_PATH=${cuda_root}")  # the toolkit found here
  endif()
  string(REPLACE ";" "," emit "${emit}")
  set(flags "-emit=${emit}")
  if(arch_count GREATER 0)
    string(REPLACE ";" "," archs "${ARG_ARCH}")
    list(APPEND flags "-arch=${archs}")
  endif()
  foreach(dir IN LISTS ARG_INCLUDE_DIRS)
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND flags "-I${dir}")
  endforeach()
  list(APPEND flags ${ARG_OPTIONS})
  set(outdir "${CMAKE_CURRENT_BINARY_DIR}/${ARG_TARGET}_shaders")
  file(MAKE_DIRECTORY "${outdir}")
  set(all_outputs)
  set(stems)
  foreach(source IN LISTS ARG_SOURCES)
    get_filename_component(source "${source}" ABSOLUTE)
    get_filename_component(name "${source}" NAME)
    string(REPLACE "。着色器。豫" "" stem "${name}")
    list(APPEND stems "${stem}")
    # In the order yusec writes them, the depfile's first target first (Ninja checks it).
    set(outputs)
    foreach(format wgsl msl ptx cubin fatbin)
      if(NOT format IN_LIST ARG_FORMATS)
        continue()
      elseif(format STREQUAL "wgsl")
        list(APPEND outputs "${outdir}/${stem}.wgsl")
      elseif(format STREQUAL "msl")
        list(APPEND outputs "${outdir}/${stem}.metal")
      elseif(arch_count GREATER 1)
        foreach(arch IN LISTS ARG_ARCH)
          list(APPEND outputs "${outdir}/${stem}.${arch}.${format}")
        endforeach()
      else()
        list(APPEND outputs "${outdir}/${stem}.${format}")
      endif()
    endforeach()
    list(APPEND outputs "${outdir}/${stem}.json" "${outdir}/${stem}.h")
    add_custom_command(OUTPUT ${outputs}
      COMMAND ${launcher} "${YUSEC_EXECUTABLE}" ${flags} "${source}" -o-dir "${outdir}"
              -MD -MF "${outdir}/${stem}.d"
      DEPENDS "${source}" "${YUSEC_EXECUTABLE}"
      DEPFILE "${outdir}/${stem}.d"
      COMMENT "yusec ${name}"
      VERBATIM)
    list(APPEND all_outputs ${outputs})
  endforeach()
  set(header "${outdir}/${ARG_TARGET}_shaders.h")
  add_custom_command(OUTPUT "${header}"
    COMMAND "${CMAKE_COMMAND}" "-DOUT=${header}" "-DDIR=${outdir}" "-DNAME=${ARG_TARGET}"
            "-DSTEMS=${stems}" "-DFORMATS=${ARG_FORMATS}" "-DARCHS=${ARG_ARCH}"
            -P "${_YUSEC_HEADER_SCRIPT}"
    DEPENDS ${all_outputs} "${_YUSEC_HEADER_SCRIPT}"
    COMMENT "yusec header ${ARG_TARGET}_shaders.h"
    VERBATIM)
  add_custom_target(${ARG_TARGET}_generate DEPENDS "${header}")
  add_library(${ARG_TARGET} INTERFACE)
  target_include_directories(${ARG_TARGET} INTERFACE "${outdir}")
  add_dependencies(${ARG_TARGET} ${ARG_TARGET}_generate)
endfunction()
