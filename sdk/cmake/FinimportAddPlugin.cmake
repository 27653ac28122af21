# finimport_add_plugin(): the one way to build an import plugin, shared by the finimport tree and
# by third parties (installed with the -dev package, loaded by find_package(finimport-sdk)).
#
#   finimport_add_plugin(<name> SOURCES <file>... [MANIFEST <manifest.json>]
#                        [LIBRARIES <lib>...] [NO_INSTALL])
#
# Builds a MODULE library <name>.so (no "lib" prefix) with hidden visibility, so only the entry
# symbol finimport_plugin_entry_v1 (and the optional finimport_row_checks_v1, FI_EXPORT too) is
# exported, and links it with finimport::sdk. MANIFEST embeds
# the file at build time: sources include "finimport_manifest.h" and use the NUL-terminated array
# finimport_manifest_json (the whole file) or, when the file lists several types,
# finimport_manifest_json_<Type> (the file with "types" narrowed to that one type, for one
# importer per type). The build fails when the file is not valid JSON. Unless NO_INSTALL, the
# plugin installs to ${FINIMPORT_PLUGIN_INSTALL_DIR} (default lib/finimport/plugins; the server
# package reads /usr/lib/finimport/plugins).
#
# Hooks the finimport tree sets (a third party normally leaves them unset):
#   FINIMPORT_PLUGIN_OUTPUT_DIR          where the .so lands in the build tree
#   FINIMPORT_PLUGIN_INSTALL_COMPONENT   install component
#   FINIMPORT_PLUGIN_NO_INSTALL          NO_INSTALL for every plugin of the directory
#   FINIMPORT_SANITIZE, FINIMPORT_TSAN   sanitizer builds: no -Wl,--no-undefined
#   finimport_warnings(<target>)         the tree's warning flags, when that command exists
include_guard(GLOBAL)

function(finimport_embed_manifest target manifest)
  get_filename_component(input "${manifest}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${target}_manifest")
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/FinimportEmbedManifest.cmake")
  add_custom_command(OUTPUT "${dir}/finimport_manifest.h"
    COMMAND "${CMAKE_COMMAND}" "-DINPUT=${input}" "-DOUTPUT=${dir}/finimport_manifest.h"
            -P "${script}"
    DEPENDS "${input}" "${script}"
    COMMENT "Embedding ${manifest} into ${target}"
    VERBATIM)
  target_sources(${target} PRIVATE "${dir}/finimport_manifest.h")
  target_include_directories(${target} PRIVATE "${dir}")
endfunction()

function(finimport_add_plugin name)
  cmake_parse_arguments(P "NO_INSTALL" "MANIFEST" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${name} MODULE ${P_SOURCES} ${P_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE finimport::sdk ${P_LIBRARIES})
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(FINIMPORT_PLUGIN_OUTPUT_DIR)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${FINIMPORT_PLUGIN_OUTPUT_DIR})
  endif()
  # An undefined symbol is a load failure at run time: make it a link error (sanitizer runtimes
  # are resolved by the host executable, so not then).
  if(NOT FINIMPORT_SANITIZE AND NOT FINIMPORT_TSAN)
    target_link_options(${name} PRIVATE -Wl,--no-undefined)
  endif()
  if(COMMAND finimport_warnings)
    finimport_warnings(${name})
  endif()
  if(P_MANIFEST)
    finimport_embed_manifest(${name} "${P_MANIFEST}")
  endif()
  if(NOT P_NO_INSTALL AND NOT FINIMPORT_PLUGIN_NO_INSTALL)
    set(destination lib/finimport/plugins)
    if(FINIMPORT_PLUGIN_INSTALL_DIR)
      set(destination ${FINIMPORT_PLUGIN_INSTALL_DIR})
    endif()
    set(component)
    if(FINIMPORT_PLUGIN_INSTALL_COMPONENT)
      set(component COMPONENT ${FINIMPORT_PLUGIN_INSTALL_COMPONENT})
    endif()
    install(TARGETS ${name} LIBRARY DESTINATION ${destination} ${component})
  endif()
endfunction()
