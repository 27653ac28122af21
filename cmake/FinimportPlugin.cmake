set(FINIMPORT_EMBED_MANIFEST_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/EmbedManifest.cmake)

# finimport_embed_manifest(TARGET FILE): TARGET's sources may #include "finimport_manifest.h".
function(finimport_embed_manifest target manifest)
  set(header_dir ${CMAKE_CURRENT_BINARY_DIR}/${target}_manifest)
  add_custom_command(OUTPUT ${header_dir}/finimport_manifest.h
    COMMAND ${CMAKE_COMMAND} -DINPUT=${manifest} -DOUTPUT=${header_dir}/finimport_manifest.h
            -P ${FINIMPORT_EMBED_MANIFEST_SCRIPT}
    DEPENDS ${manifest} ${FINIMPORT_EMBED_MANIFEST_SCRIPT}
    COMMENT "Embedding ${manifest}")
  target_sources(${target} PRIVATE ${header_dir}/finimport_manifest.h)
  target_include_directories(${target} PRIVATE ${header_dir})
endfunction()

# finimport_add_plugin(NAME [MANIFEST file] SOURCES...): a plugin shared object that links only
# the SDK. Lands in ${FINIMPORT_PLUGIN_OUTPUT_DIR} (build tree) and installs to the plugin
# directory. MANIFEST (default: manifest.json beside the CMakeLists.txt, when present) is
# embedded at build time: sources `#include "finimport_manifest.h"` and use FI_MANIFEST_JSON.
function(finimport_add_plugin name)
  cmake_parse_arguments(P "NO_INSTALL" "MANIFEST" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${name} MODULE ${P_SOURCES} ${P_UNPARSED_ARGUMENTS})
  if(NOT P_MANIFEST AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/manifest.json)
    set(P_MANIFEST ${CMAKE_CURRENT_SOURCE_DIR}/manifest.json)
  endif()
  if(P_MANIFEST)
    finimport_embed_manifest(${name} ${P_MANIFEST})
  endif()
  target_link_libraries(${name} PRIVATE finimport::sdk ${P_LIBRARIES})
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY ${FINIMPORT_PLUGIN_OUTPUT_DIR})
  if(NOT FINIMPORT_SANITIZE)
    target_link_options(${name} PRIVATE -Wl,--no-undefined)
  endif()
  finimport_warnings(${name})
  if(NOT P_NO_INSTALL)
    install(TARGETS ${name} LIBRARY DESTINATION lib/finimport/plugins COMPONENT server)
  endif()
endfunction()
