# Finds yusec's external dependencies and says which Debian package to install when one
# is missing, instead of CMake's generic "could not find" text.

if(YUSEC_WITH_LLVM)
  find_package(LLVM 19.1 CONFIG QUIET
               HINTS /usr/lib/llvm-19/lib/cmake/llvm /usr/lib/llvm-19)
  if(NOT LLVM_FOUND)
    message(FATAL_ERROR
      "yusec needs LLVM 19 (for the PTX target), and it was not found.\n"
      "Install it with:  apt-get install llvm-19-dev\n"
      "or configure with -DYUSEC_WITH_LLVM=OFF to build without the PTX target.")
  endif()
  if(NOT "NVPTX" IN_LIST LLVM_TARGETS_TO_BUILD)
    message(FATAL_ERROR "The LLVM at ${LLVM_DIR} was built without the NVPTX target.")
  endif()
  message(STATUS "yusec: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")
  # LLVM's static LLVMSupport names zstd::libzstd_shared, which only libzstd-dev's CMake files
  # define; the PTX plugin (linked against the static components) needs no zstd code, and
  # --as-needed drops the library when nothing uses it, so the runtime library is enough.
  if(NOT TARGET zstd::libzstd_shared)
    find_library(YUSEC_ZSTD_LIBRARY NAMES zstd libzstd.so.1)
    add_library(zstd::libzstd_shared INTERFACE IMPORTED)
    if(YUSEC_ZSTD_LIBRARY)
      set_target_properties(zstd::libzstd_shared PROPERTIES INTERFACE_LINK_LIBRARIES "${YUSEC_ZSTD_LIBRARY}")
    endif()
  endif()
endif()

if(YUSEC_BUILD_TESTS)
  find_package(cmocka CONFIG QUIET)
  if(NOT cmocka_FOUND)
    message(FATAL_ERROR
      "yusec's unit tests need cmocka, and it was not found.\n"
      "Install it with:  apt-get install libcmocka-dev\n"
      "or configure with -DYUSEC_BUILD_TESTS=OFF.")
  endif()
  if(TARGET cmocka::cmocka)
    set(YUSEC_CMOCKA cmocka::cmocka)
  else()
    add_library(yusec_cmocka INTERFACE)
    target_include_directories(yusec_cmocka INTERFACE ${CMOCKA_INCLUDE_DIR})
    target_link_libraries(yusec_cmocka INTERFACE ${CMOCKA_LIBRARIES})
    set(YUSEC_CMOCKA yusec_cmocka)
  endif()
endif()
