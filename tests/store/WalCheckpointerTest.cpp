// SQLite WAL checkpoints off the committing connection (store/WalCheckpointer): a
// commit past the wake threshold leaves the copy to the thread; past the hard bound the
// committing connection copies the WAL itself; Database::write installs the hook.
#include "store/WalCheckpointer.h"
#include "store/Database.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>
#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <thread>

using namespace finimport::store;

namespace {

void exec(sqlite3* db, const char* sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(message, SQLITE_OK, rc);
}

// Waits (at most 10 s) until the thread has run `n` checkpoints.
bool waitForCheckpoints(const WalCheckpointer& c, uint64_t n) {
    for (int i = 0; i < 1000 && c.checkpoints() < n; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return c.checkpoints() >= n;
}

} // namespace

class WalCheckpointerTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(WalCheckpointerTest);
    CPPUNIT_TEST(testCommitPastWakeLeavesTheCopyToTheThread);
    CPPUNIT_TEST(testCommitPastHardBoundCopiesInline);
    CPPUNIT_TEST(testDatabaseWritesWakeTheCheckpointer);
    CPPUNIT_TEST(testWriteAfterCheckpointNowStartsTheWalOver);
    CPPUNIT_TEST_SUITE_END();

    std::string _dir;
    sqlite3* _db = nullptr;

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
    }
    void tearDown() override {
        if (_db) sqlite3_close_v2(_db);
        _db = nullptr;
        std::filesystem::remove_all(_dir);
    }

    std::string openWal() {
        const std::string path = _dir + "/wal.db";
        CPPUNIT_ASSERT_EQUAL(SQLITE_OK, sqlite3_open(path.c_str(), &_db));
        // A tiny auto-checkpoint: watch() must replace it, or the commit would copy.
        exec(_db, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=10; "
                  "CREATE TABLE t (x BLOB)");
        return path;
    }

    // One commit of a 400 kB blob: about 100 WAL pages, none of them in the database file yet.
    void commitBlob() { exec(_db, "INSERT INTO t VALUES (zeroblob(400000))"); }

    void testCommitPastWakeLeavesTheCopyToTheThread() {
        const std::string path = openWal();
        const auto before = std::filesystem::file_size(path);
        WalCheckpointer checkpointer(path, 50, 100000);
        checkpointer.watch(_db);
        commitBlob();
        CPPUNIT_ASSERT(waitForCheckpoints(checkpointer, 1));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), checkpointer.inlineCheckpoints());
        CPPUNIT_ASSERT(before < 400000);
        CPPUNIT_ASSERT(std::filesystem::file_size(path) >= 400000); // copied by the thread
        // Under the wake threshold nothing is woken (the next commit adds one page or so).
        exec(_db, "INSERT INTO t VALUES (1)");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), checkpointer.checkpoints());
    }

    void testCommitPastHardBoundCopiesInline() {
        const std::string path = openWal();
        WalCheckpointer checkpointer(path, 50, 80);
        checkpointer.watch(_db);
        commitBlob();
        // Copied before the commit returned, by the committing connection.
        CPPUNIT_ASSERT_EQUAL(uint64_t(1), checkpointer.inlineCheckpoints());
        CPPUNIT_ASSERT(std::filesystem::file_size(path) >= 400000);
    }

    void testDatabaseWritesWakeTheCheckpointer() {
        Database db("sqlite:" + _dir + "/app.db");
        CPPUNIT_ASSERT(db.checkpointer() != nullptr);
        db.write([](finimport::store::Tx& s) {
            sqlExec(s, "CREATE TABLE t (x BLOB)");
            // 5 MB: past kWakePages (1000 pages of 4 KiB), under kHardPages.
            sqlExec(s, "INSERT INTO t VALUES (zeroblob(5000000))");
        });
        CPPUNIT_ASSERT(waitForCheckpoints(*db.checkpointer(), 1));
        CPPUNIT_ASSERT_EQUAL(uint64_t(0), db.checkpointer()->inlineCheckpoints());
        CPPUNIT_ASSERT(std::filesystem::file_size(_dir + "/app.db") >= 5000000);
    }

    // docs/decisions.md D247: once checkpointNow() has copied the whole WAL, the next write
    // starts the WAL over (its commit leaves its own frames only), where without it the frames
    // follow the earlier ones: what a publish relies on to stay under the hard bound.
    void testWriteAfterCheckpointNowStartsTheWalOver() {
        const std::string path = openWal();
        int walPages = 0;
        sqlite3_wal_hook(
            _db,
            [](void* pages, sqlite3*, const char*, int n) {
                *static_cast<int*>(pages) = n;
                return SQLITE_OK;
            },
            &walPages);
        commitBlob();
        commitBlob();
        const int one = walPages;
        commitBlob();
        CPPUNIT_ASSERT(walPages > one); // no checkpoint: the WAL grows
        const int three = walPages;
        WalCheckpointer checkpointer(path, 1000000, 1000000);
        CPPUNIT_ASSERT(checkpointer.checkpointNow()); // every frame copied
        commitBlob();
        CPPUNIT_ASSERT(walPages < three / 2); // started over: about one blob's pages
        CPPUNIT_ASSERT(walPages > 0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(WalCheckpointerTest);
