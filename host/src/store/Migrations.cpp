#include "store/Migrations.h"

#include "store/Database.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <Poco/Data/Session.h>

namespace finimport::store {

std::vector<Migration> schemaV1();  // Schema_v1.cpp
std::vector<Migration> schemaV2();  // Schema_v2.cpp
std::vector<Migration> schemaV3();  // Schema_v3.cpp
std::vector<Migration> schemaV4();  // Schema_v4.cpp
std::vector<Migration> schemaV5();  // Schema_v5.cpp
std::vector<Migration> schemaV6();  // Schema_v6.cpp
std::vector<Migration> schemaV7();  // Schema_v7.cpp
std::vector<Migration> schemaV8();  // Schema_v8.cpp
std::vector<Migration> schemaV9();  // Schema_v9.cpp
std::vector<Migration> schemaV10(); // Schema_v10.cpp
std::vector<Migration> schemaV11(); // Schema_v11.cpp
std::vector<Migration> schemaV12(); // Schema_v12.cpp
std::vector<Migration> schemaV13(); // Schema_v13.cpp
std::vector<Migration> schemaV14(); // Schema_v14.cpp
std::vector<Migration> schemaV15(); // Schema_v15.cpp
std::vector<Migration> schemaV16(); // Schema_v16.cpp
std::vector<Migration> schemaV18(); // Schema_v18.cpp
std::vector<Migration> schemaV19(); // Schema_v19.cpp
std::vector<Migration> schemaV20(); // Schema_v20.cpp
std::vector<Migration> schemaV21(); // Schema_v21.cpp
std::vector<Migration> schemaV22(); // Schema_v22.cpp

const std::vector<Migration>& allMigrations() {
    static const std::vector<Migration> migrations = [] {
        std::vector<Migration> all;
        for (auto versions :
             {schemaV1,  schemaV2,  schemaV3,  schemaV4,  schemaV5,  schemaV6,  schemaV7,
              schemaV8,  schemaV9,  schemaV10, schemaV11, schemaV12, schemaV13, schemaV14,
              schemaV15, schemaV16, schemaV18, schemaV19, schemaV20, schemaV21, schemaV22})
            for (auto& m : versions())
                all.push_back(std::move(m));
        return all;
    }();
    return migrations;
}

namespace {

void ensureVersionTable(Database& db) {
    db.write([](Tx& s) {
        sqlExec(s, "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, "
                   "name TEXT NOT NULL, applied_at BIGINT NOT NULL)");
    });
}

} // namespace

int schemaVersion(Database& db) {
    // Read first, create only when missing: a read-only database whose schema is current still
    // starts, answers reads, and fails each write with its cause (docs/decisions.md D115).
    try {
        return appliedSchemaVersion(db);
    } catch (const std::exception&) {
    }
    ensureVersionTable(db);
    return appliedSchemaVersion(db);
}

int latestSchemaVersion() {
    return allMigrations().back().version;
}

int appliedSchemaVersion(Database& db) {
    int64_t version = 0;
    db.read([&](Tx& s) {
        version = sqlCount(s, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
    });
    return static_cast<int>(version);
}

int migrate(Database& db) {
    // A database a newer finimport migrated: this binary does not know its tables
    // (docs/operations.md "Upgrades and schema versions", docs/decisions.md D78), so it neither
    // serves nor migrates it.
    const int current = schemaVersion(db), known = latestSchemaVersion();
    if (current > known)
        throw NewerSchema("the database has schema version " + std::to_string(current) +
                          ", newer than this finimport's schema version " + std::to_string(known) +
                          ": upgrade finimport (nothing was changed)");
    return migrate(db, known);
}

int migrate(Database& db, int lastVersion) {
    int current = schemaVersion(db);
    int applied = 0;
    for (const auto& m : allMigrations()) {
        if (m.version <= current || m.version > lastVersion) continue;
        db.write([&](Tx& s) {
            // Re-check inside the transaction: another process may have migrated meanwhile.
            if (sqlCount(s, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?",
                         {int64_t(m.version)}) > 0)
                return;
            for (const auto& stmt : m.statements)
                sqlExec(s, stmt);
            if (m.code) m.code(s);
            sqlExec(s, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    {int64_t(m.version), m.name, nowMicros()});
            ++applied;
        });
    }
    return applied;
}

} // namespace finimport::store
