# Writes the source revision (git describe) into a header, rewritten only when it changes;
# run at every build (yusec_revision target) so --version names the sources it was built from.
# -D SOURCE_DIR=… -D OUTPUT=…; outside a git checkout: YUSEC_REVISION from the environment,
# else "unknown (not a git checkout)".
set(revision "")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" describe --always --dirty --tags
                  OUTPUT_VARIABLE revision ERROR_QUIET RESULT_VARIABLE status
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT status EQUAL 0)
    set(revision "")
  endif()
endif()
if(revision STREQUAL "" AND DEFINED ENV{YUSEC_REVISION})
  set(revision "$ENV{YUSEC_REVISION}")
endif()
if(revision STREQUAL "")
  set(revision "unknown (not a git checkout)")
endif()
file(WRITE "${OUTPUT}.new" "#define YUSEC_REVISION \"${revision}\"\n")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
