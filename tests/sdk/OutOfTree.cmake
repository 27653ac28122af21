# Installs the SDK component into a temporary prefix, builds sdk/examples/hello against it as a
# third party would (find_package(finimport-sdk)), and has the host load the result.
# Variables: BINARY_DIR, SOURCE_DIR, WORK_DIR, FINIMPORT_EXE.
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BINARY_DIR} --component sdk --prefix ${WORK_DIR}/prefix
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "SDK install failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/sdk/examples/hello -B ${WORK_DIR}/build
                        -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "configuring the example against the installed SDK failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK_DIR}/build RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "building the example plugin failed")
endif()
file(GLOB plugin ${WORK_DIR}/build/*.so)
if(NOT plugin)
  message(FATAL_ERROR "no plugin .so was built")
endif()
file(MAKE_DIRECTORY ${WORK_DIR}/plugins)
file(COPY ${plugin} DESTINATION ${WORK_DIR}/plugins)
execute_process(COMMAND ${FINIMPORT_EXE} plugins --plugins ${WORK_DIR}/plugins
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(rc OR NOT out MATCHES "hello")
  message(FATAL_ERROR "the host did not load the example plugin: ${out} ${err}")
endif()
message(STATUS "host loaded the out-of-tree plugin: ${out}")
