# Debian 12 packages only; see docs/build-notes.md for the traps handled here.
find_package(Threads REQUIRED)
find_package(FastFloat 3.9 REQUIRED)
find_package(ICU 72 REQUIRED COMPONENTS uc i18n data)
find_package(PkgConfig REQUIRED)
# expat: the CAMT plugin's XML parser (push, namespaces, entity attacks refused).
pkg_check_modules(EXPAT REQUIRED IMPORTED_TARGET expat>=2.5)
if(FINIMPORT_BUILD_TESTS)
  pkg_check_modules(CPPUNIT REQUIRED IMPORTED_TARGET cppunit>=1.14)
endif()
if(FINIMPORT_BUILD_SERVER)
  find_package(PostgreSQL REQUIRED)
  if(NOT TARGET PostgreSQL::client)
    # Debian's Poco config links PostgreSQL::client but never defines it.
    add_library(PostgreSQL::client INTERFACE IMPORTED)
    target_link_libraries(PostgreSQL::client INTERFACE PostgreSQL::PostgreSQL)
  endif()
  find_package(Poco 1.11 REQUIRED COMPONENTS Foundation Net Util JSON Data DataSQLite DataPostgreSQL)
  find_package(Boost 1.74 REQUIRED)
  # The store binds batch inserts and hot reads through the SQLite C API (prepared once).
  find_package(SQLite3 REQUIRED)
  pkg_check_modules(POPPLER_CPP IMPORTED_TARGET poppler-cpp)
endif()
