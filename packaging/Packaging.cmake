# CPack: a .deb for the server (binary, plugins, systemd unit, default config, man page) and a
# -dev package for the SDK. Configure with -DCMAKE_INSTALL_PREFIX=/usr (docs/build-notes.md §8) — the
# `package` preset and `make package` do. tests/packaging runs lintian on both (no errors).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/finimport.conf DESTINATION /etc/finimport COMPONENT server)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/finimport.service DESTINATION /lib/systemd/system
        COMPONENT server)
install(FILES ${PROJECT_SOURCE_DIR}/schemas/openapi.yaml
              ${PROJECT_SOURCE_DIR}/schemas/plugin-manifest.schema.json
        DESTINATION share/finimport COMPONENT server)

# Debian policy files: the man page and each package's changelog, gzipped reproducibly (-n).
set(fi_pkg_dir ${CMAKE_BINARY_DIR}/packaging)
set(VERSION ${PROJECT_VERSION})
add_custom_command(OUTPUT ${fi_pkg_dir}/finimport.1
  COMMAND ${CMAKE_COMMAND} -DTEMPLATE=${CMAKE_CURRENT_LIST_DIR}/finimport.1.in
          -DSETTINGS_MD=${PROJECT_SOURCE_DIR}/docs/configuration.md -DVERSION=${PROJECT_VERSION}
          -DOUTPUT=${fi_pkg_dir}/finimport.1 -P ${CMAKE_CURRENT_LIST_DIR}/ManPage.cmake
  DEPENDS ${CMAKE_CURRENT_LIST_DIR}/finimport.1.in ${CMAKE_CURRENT_LIST_DIR}/ManPage.cmake
          ${PROJECT_SOURCE_DIR}/docs/configuration.md
  VERBATIM)
set(fi_pkg_gz ${fi_pkg_dir}/finimport.1.gz)
foreach(PACKAGE finimport finimport-sdk-dev)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/changelog.in ${fi_pkg_dir}/${PACKAGE}/changelog @ONLY)
  list(APPEND fi_pkg_gz ${fi_pkg_dir}/${PACKAGE}/changelog.gz)
endforeach()
foreach(gz IN LISTS fi_pkg_gz)
  string(REGEX REPLACE "\\.gz$" "" plain ${gz})
  add_custom_command(OUTPUT ${gz} COMMAND sh -c "gzip -9nc '${plain}' > '${gz}'"
    DEPENDS ${plain} VERBATIM)
endforeach()
add_custom_target(finimport_package_docs ALL DEPENDS ${fi_pkg_gz})
install(FILES ${fi_pkg_dir}/finimport.1.gz DESTINATION share/man/man1 COMPONENT server)
install(FILES ${fi_pkg_dir}/finimport/changelog.gz ${CMAKE_CURRENT_LIST_DIR}/copyright
              ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/configuration.md
              ${PROJECT_SOURCE_DIR}/docs/operations.md
        DESTINATION share/doc/finimport COMPONENT server)
install(FILES ${fi_pkg_dir}/finimport-sdk-dev/changelog.gz ${CMAKE_CURRENT_LIST_DIR}/copyright
        DESTINATION share/doc/finimport-sdk-dev COMPONENT sdk)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME finimport)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "finimport maintainers <maintainers@finimport.invalid>")
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would prepend it to both packages' descriptions;
# each component's first line below is its synopsis.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_STRIP_FILES ON) # lintian: no unstripped binaries or plugins
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL server sdk)
set(CPACK_DEBIAN_SERVER_PACKAGE_NAME finimport)
set(CPACK_DEBIAN_SERVER_DESCRIPTION
    "self-hosted, plugin-based import engine for personal finance
finimport imports bank and budgeting-app exports (CSV, QIF, NDJSON, PDF
statements and formats added by plugins) into a family's ledger and serves
them over a JSON HTTP API. This package holds the server, the built-in import
plugins, a systemd unit and the default configuration.")
set(CPACK_DEBIAN_SERVER_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_SERVER_PACKAGE_DEPENDS "adduser") # postinst creates the service user
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_EXTRA
    ${CMAKE_CURRENT_LIST_DIR}/conffiles ${CMAKE_CURRENT_LIST_DIR}/postinst
    ${CMAKE_CURRENT_LIST_DIR}/prerm ${CMAKE_CURRENT_LIST_DIR}/postrm)
# Control files get 0644/0755 whatever the checkout's modes (a group-writable clone made
# lintian report control-file-has-bad-permissions).
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_SDK_PACKAGE_NAME finimport-sdk-dev)
set(CPACK_DEBIAN_SDK_DESCRIPTION
    "SDK for finimport import plugins
The C ABI header, the header-only C++ wrapper and helpers, and the CMake
package (find_package(finimport-sdk)) to build import plugins for the
finimport server outside its source tree.")
set(CPACK_DEBIAN_SDK_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_SDK_PACKAGE_SECTION libdevel)
include(CPack)
