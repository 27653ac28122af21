# finimport_add_plugin(NAME SOURCES...): a plugin shared object that links only the SDK.
# Lands in ${FINIMPORT_PLUGIN_OUTPUT_DIR} (build tree) and installs to the plugin directory.
function(finimport_add_plugin name)
  cmake_parse_arguments(P "NO_INSTALL" "" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${name} MODULE ${P_SOURCES} ${P_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE finimport::sdk ${P_LIBRARIES})
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${FINIMPORT_PLUGIN_OUTPUT_DIR})
  if(NOT FINIMPORT_ANY_SANITIZER)
    target_link_options(${name} PRIVATE -Wl,--no-undefined)
  endif()
  finimport_warnings(${name})
  if(NOT P_NO_INSTALL)
    install(TARGETS ${name} LIBRARY DESTINATION lib/finimport/plugins COMPONENT server)
  endif()
endfunction()
