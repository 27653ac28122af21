# cmake -DRUNNER=run_golden -DPLUGIN=x.so -DINPUT=in.csv -DEXPECTED=out.jsonl
#       [-DOPTIONS=name=value;...] [-DUPDATE=1] -P golden.cmake
# Runs the plugin over INPUT and compares its callbacks with EXPECTED; UPDATE=1 rewrites it.
execute_process(COMMAND ${RUNNER} ${PLUGIN} ${INPUT} ${OPTIONS}
                OUTPUT_VARIABLE actual RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "run_golden failed (${rc}): ${err}")
endif()
if(UPDATE)
  file(WRITE ${EXPECTED} "${actual}")
  message(STATUS "updated ${EXPECTED}")
  return()
endif()
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "output differs from ${EXPECTED}:\n--- expected\n${expected}--- actual\n${actual}")
endif()
