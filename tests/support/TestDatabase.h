#pragma once
// The database a test runs on. Plain ctest runs use a SQLite file in the test's directory; the
// PostgreSQL pass (ctest fixture `postgres`, scripts/pg-test-cluster.sh) sets
// FINIMPORT_TEST_PG_URL_FILE, and every TestDatabase is then a fresh database in that cluster,
// dropped again at destruction. A missing or unreachable cluster throws: never a silent skip.

#include "store/Database.h"

#include <memory>
#include <string>

namespace finimport::test {

class TestDatabase {
public:
    // `sqliteDir`: where the SQLite file goes when the run is not the PostgreSQL pass.
    explicit TestDatabase(const std::string& sqliteDir);
    ~TestDatabase();
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    const std::string& url() const { return _url; }
    bool isPostgres() const { return !_pgName.empty(); }

    // True when this process runs the PostgreSQL pass.
    static bool postgresPass();
    // The cluster's maintenance URL (database `postgres`); throws when it is unavailable.
    static std::string postgresBaseUrl();

private:
    std::string _url, _pgName;
};

// A scratch directory and the TestDatabase in it, made before and removed after the Database
// of ScratchDatabase (a base constructed first).
struct ScratchPlace {
    ScratchPlace();
    ~ScratchPlace();
    ScratchPlace(const ScratchPlace&) = delete;
    ScratchPlace& operator=(const ScratchPlace&) = delete;
    std::string dir;
    std::unique_ptr<TestDatabase> test;
};

// The store suites' fixture: a store::Database on a fresh TestDatabase, with `maxSessions`
// pooled sessions; everything is removed at destruction.
class ScratchDatabase : private ScratchPlace, public store::Database {
public:
    explicit ScratchDatabase(int maxSessions = 8)
        : ScratchPlace(), store::Database(test->url(), maxSessions) {}
    bool isPostgres() const { return test->isPostgres(); }
};

} // namespace finimport::test
