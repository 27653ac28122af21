# find_package(finimport-sdk 1.1) for plugins built outside the finimport tree (the version file
# next to this one accepts any 1.x request up to the installed version and refuses 2.0).
# Provides the INTERFACE target finimport::sdk (headers only: the C ABI and the C++ helpers) and
# finimport_add_plugin() (FinimportAddPlugin.cmake, the same function the finimport tree uses).
get_filename_component(_fi_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET finimport::sdk)
  add_library(finimport::sdk INTERFACE IMPORTED)
  set_target_properties(finimport::sdk PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_fi_prefix}/include")
  # The C++ helpers need C++20; a plain-C plugin (project(... LANGUAGES C)) needs only C11.
  get_property(_fi_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if("CXX" IN_LIST _fi_languages)
    set_property(TARGET finimport::sdk PROPERTY INTERFACE_COMPILE_FEATURES cxx_std_20)
  endif()
  unset(_fi_languages)
endif()
unset(_fi_prefix)
include("${CMAKE_CURRENT_LIST_DIR}/FinimportAddPlugin.cmake")
set(finimport-sdk_FOUND TRUE)
