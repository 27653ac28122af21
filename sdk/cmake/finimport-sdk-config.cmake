# find_package(finimport-sdk) for plugins built outside the finimport tree.
# Provides the INTERFACE target finimport::sdk (headers only) and finimport_add_plugin().
get_filename_component(_fi_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET finimport::sdk)
  add_library(finimport::sdk INTERFACE IMPORTED)
  set_target_properties(finimport::sdk PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_fi_prefix}/include"
    INTERFACE_COMPILE_FEATURES cxx_std_20)
endif()

# finimport_add_plugin(NAME SOURCES ...): a MODULE named NAME.so (no "lib" prefix) with hidden
# visibility, so only the entry symbol is exported. Install it into the server's plugin
# directory (default /usr/lib/finimport/plugins).
function(finimport_add_plugin name)
  cmake_parse_arguments(P "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_library(${name} MODULE ${P_SOURCES} ${P_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE finimport::sdk ${P_LIBRARIES})
  set_target_properties(${name} PROPERTIES PREFIX "" CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${name} PRIVATE -Wl,--no-undefined)
endfunction()
set(finimport-sdk_FOUND TRUE)
