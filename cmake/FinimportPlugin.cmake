# finimport_add_plugin() is the SDK's own (sdk/cmake/FinimportAddPlugin.cmake, installed with
# the -dev package); the tree only sets its hooks: build-tree output directory and the server
# package's install component. FINIMPORT_PLUGIN_OUTPUT_DIR is set by the top-level CMakeLists.
include(${PROJECT_SOURCE_DIR}/sdk/cmake/FinimportAddPlugin.cmake)
set(FINIMPORT_PLUGIN_INSTALL_COMPONENT server)
