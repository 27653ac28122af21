#pragma once
// Database URLs: `sqlite:PATH`, and every libpq connection URI (`postgresql://` or
// `postgres://`: user and password, percent-encoded, host lists, ports, a Unix-socket host,
// query parameters such as sslmode), parsed by libpq itself (docs/configuration.md).

#include <string>
#include <utility>
#include <vector>

namespace finimport::store {

struct DatabaseUrl {
    enum class Kind { Sqlite, PostgreSql };
    Kind kind = Kind::Sqlite;
    std::string path; // SQLite file
    // PostgreSQL: the first host and port (for messages), the user, password and database.
    std::string user, password, host, database;
    int port = 5432;
    // PostgreSQL: every keyword the URI set, as libpq parsed it (password included).
    std::vector<std::pair<std::string, std::string>> params;

    // Throws std::invalid_argument with a message naming what is wrong.
    static DatabaseUrl parse(const std::string& url);
    // Poco connector name ("SQLite", "PostgreSQL").
    std::string connector() const;
    // The connection string for Poco (SQLite: the path; PostgreSQL: key='value' pairs).
    // Poco's PostgreSQL connector splits its string on spaces before libpq sees it, so no value
    // may hold one: a password with a space is handed over in `passfile` instead (PgPassFile.h),
    // and without one this throws std::invalid_argument.
    std::string connectionString(const std::string& passfile = {}) const;
    // True when the password must go through a password file (it holds a space).
    bool passwordNeedsFile() const;
    // The URL without the password, for logs and messages (names the host).
    std::string redacted() const;
};

} // namespace finimport::store
