# CPack: a .deb for the server (binary, plugins, systemd unit, default config) and a -dev
# package for the SDK. Configure with -DCMAKE_INSTALL_PREFIX=/usr (STACK_NOTES.md §8) — the
# `package` preset and `make package` do.
install(FILES ${CMAKE_CURRENT_LIST_DIR}/finimport.conf DESTINATION /etc/finimport COMPONENT server)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/finimport.service DESTINATION /lib/systemd/system
        COMPONENT server)
install(FILES ${PROJECT_SOURCE_DIR}/schemas/openapi.yaml
              ${PROJECT_SOURCE_DIR}/schemas/plugin-manifest.schema.json
        DESTINATION share/finimport COMPONENT server)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME finimport)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "finimport maintainers <maintainers@finimport.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Self-hosted, plugin-based import engine for personal finance")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL server sdk)
set(CPACK_DEBIAN_SERVER_PACKAGE_NAME finimport)
set(CPACK_DEBIAN_SERVER_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_EXTRA
    ${CMAKE_CURRENT_LIST_DIR}/conffiles ${CMAKE_CURRENT_LIST_DIR}/postinst)
set(CPACK_DEBIAN_SDK_PACKAGE_NAME finimport-sdk-dev)
set(CPACK_DEBIAN_SDK_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_SDK_PACKAGE_SECTION libdevel)
include(CPack)
