#pragma once
// Versioned schema migrations, applied in order, each in its own transaction, idempotently.

#include "store/Tx.h"
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace finimport::store {

class Database;

struct Migration {
    int version;
    std::string name;
    std::vector<std::string> statements; // portable SQL (SQLite and PostgreSQL)
    // Data changes SQL cannot say portably (new UUIDs), run after the statements in the same
    // transaction.
    std::function<void(Tx&)> code = {};
};

const std::vector<Migration>& allMigrations();

// The database was migrated by a newer finimport (its schema version is above ours).
struct NewerSchema : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Applies every migration not yet recorded in schema_migrations. Returns how many ran.
// Throws NewerSchema (both versions in the message) when the database is ahead of this binary.
int migrate(Database& db);
// The same, only up to `lastVersion` (tests of a migration on a database with data).
int migrate(Database& db, int lastVersion);
// The highest applied version (0 for an empty database).
int schemaVersion(Database& db);
// The same, read only (the version table must exist): for health checks.
int appliedSchemaVersion(Database& db);
// The version this binary's last migration creates.
int latestSchemaVersion();

} // namespace finimport::store
