#pragma once
// Database URLs: `sqlite:PATH` and `postgresql://USER[:PASS]@HOST[:PORT]/DB`.

#include <string>

namespace finimport::store {

struct DatabaseUrl {
    enum class Kind { Sqlite, PostgreSql };
    Kind kind = Kind::Sqlite;
    std::string path; // SQLite file
    std::string user, password, host, database;
    int port = 5432;

    // Throws std::invalid_argument with a message naming what is wrong.
    static DatabaseUrl parse(const std::string& url);
    // Poco connector name ("SQLite", "PostgreSQL") and connection string (key=value for PG).
    std::string connector() const;
    std::string connectionString() const;
    // The URL with the password masked, for logs.
    std::string redacted() const;
};

} // namespace finimport::store
