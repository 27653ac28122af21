// The listings' page cache under concurrent misses (http/handlers/ListCache.h): requests that
// miss on the same page while one of them builds it wait for that body instead of each building
// it (a commit under load used to set every connection rendering the same page at once), and a
// failed build is never handed to the waiters. The stamps that guard it (store/ReadStamps.h)
// agree across the pool's connections and move on every commit, from this process or another.
#include "http/handlers/ListCache.h"
#include "http/Errors.h"
#include "store/Database.h"
#include "store/ReadStamps.h"
#include "store/Sql.h"

#include <sqlite3.h>

#include <Poco/TemporaryFile.h>

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>
#include <vector>

using namespace finimport;

namespace {

constexpr int kClients = 8;

std::string bodyOf(const http::Response& r) {
    return r.sharedBody ? *r.sharedBody : r.body;
}

// kClients threads ask for the same page at once; returns their answers.
std::vector<http::Response> concurrently(http::ListCache& cache,
                                         const std::function<http::Response()>& build) {
    std::vector<http::Response> answers(kClients);
    std::vector<std::thread> threads;
    http::Request request;
    for (int i = 0; i < kClients; ++i)
        threads.emplace_back(
            [&, i] { answers[i] = cache.respond(request, "family\x1fpage", build); });
    for (auto& t : threads)
        t.join();
    return answers;
}

} // namespace

class ListCacheTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ListCacheTest);
    CPPUNIT_TEST(testConcurrentMissesBuildOnce);
    CPPUNIT_TEST(testFailedBuildIsNotShared);
    CPPUNIT_TEST(testStampMovesOnlyOnCommits);
    CPPUNIT_TEST(testStampSeesAnotherProcess);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
        // Several pooled connections: the first requests of each must share one stamp.
        _db = std::make_unique<store::Database>("sqlite:" + _dir + "/cache.db", kClients);
        _db->write([](store::Tx& s) { store::sqlExec(s, "CREATE TABLE t (x INTEGER)"); });
    }
    void tearDown() override {
        _db.reset();
        std::filesystem::remove_all(_dir);
    }

    void testConcurrentMissesBuildOnce() {
        http::ListCache cache(*_db);
        std::atomic<int> builds{0};
        auto answers = concurrently(cache, [&] {
            ++builds;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            return http::jsonResponse(200, R"({"balances":[]})");
        });
        CPPUNIT_ASSERT_EQUAL(1, builds.load());
        for (const auto& a : answers) {
            CPPUNIT_ASSERT_EQUAL(200, a.status);
            CPPUNIT_ASSERT_EQUAL(std::string(R"({"balances":[]})"), bodyOf(a));
        }
    }

    // The first build answers 500: its caller gets the 500, nobody else does; one waiter
    // builds again and the others get that 200.
    void testFailedBuildIsNotShared() {
        http::ListCache cache(*_db);
        std::atomic<int> builds{0};
        auto answers = concurrently(cache, [&] {
            const int n = ++builds;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            return n == 1 ? http::internalError() : http::jsonResponse(200, R"({"trades":[]})");
        });
        CPPUNIT_ASSERT_EQUAL(2, builds.load());
        int failed = 0;
        for (const auto& a : answers) {
            if (a.status == 500) {
                ++failed;
                continue;
            }
            CPPUNIT_ASSERT_EQUAL(200, a.status);
            CPPUNIT_ASSERT_EQUAL(std::string(R"({"trades":[]})"), bodyOf(a));
        }
        CPPUNIT_ASSERT_EQUAL(1, failed);
    }

    // Reads through every pooled connection leave the stamp as it is; a commit moves it once,
    // a write transaction that changed nothing does not, and neither does a bookkeeping commit
    // (a key's last-used time, a job claim).
    void testStampMovesOnlyOnCommits() {
        store::ReadStamps& stamps = _db->readStamps();
        const std::string first = stamps.current();
        readOnEveryConnection();
        CPPUNIT_ASSERT_EQUAL(first, stamps.current());
        _db->write([](store::Tx& s) { store::sqlExec(s, "INSERT INTO t VALUES (1)"); });
        const std::string second = stamps.current();
        CPPUNIT_ASSERT(second != first);
        readOnEveryConnection();
        CPPUNIT_ASSERT_EQUAL(second, stamps.current());
        _db->write([](store::Tx& s) { store::sqlExec(s, "SELECT count(*) FROM t"); });
        CPPUNIT_ASSERT_EQUAL(second, stamps.current());
        for (int i = 0; i < 3; ++i) // steps in a row, with and without a stamp taken between
            _db->writeBookkeeping(
                [](store::Tx& s) { store::sqlExec(s, "INSERT INTO t VALUES (10)"); });
        CPPUNIT_ASSERT_EQUAL(second, stamps.current());
        _db->writeBookkeeping([](store::Tx& s) { store::sqlExec(s, "INSERT INTO t VALUES (11)"); });
        CPPUNIT_ASSERT_EQUAL(second, stamps.current());
        _db->write([](store::Tx& s) { store::sqlExec(s, "INSERT INTO t VALUES (12)"); });
        CPPUNIT_ASSERT(stamps.current() != second);
    }

    // A commit by a connection outside the pool (the CLI, another process) moves the stamp.
    void testStampSeesAnotherProcess() {
        store::ReadStamps stamps(*_db);
        const std::string before = stamps.current();
        sqlite3* other = nullptr;
        CPPUNIT_ASSERT_EQUAL(SQLITE_OK, sqlite3_open((_dir + "/cache.db").c_str(), &other));
        CPPUNIT_ASSERT_EQUAL(
            SQLITE_OK, sqlite3_exec(other, "INSERT INTO t VALUES (2)", nullptr, nullptr, nullptr));
        sqlite3_close(other);
        CPPUNIT_ASSERT(stamps.current() != before);
    }

private:
    void otherProcessInserts(int value) {
        sqlite3* other = nullptr;
        CPPUNIT_ASSERT_EQUAL(SQLITE_OK, sqlite3_open((_dir + "/cache.db").c_str(), &other));
        const std::string sql = "INSERT INTO t VALUES (" + std::to_string(value) + ")";
        CPPUNIT_ASSERT_EQUAL(SQLITE_OK,
                             sqlite3_exec(other, sql.c_str(), nullptr, nullptr, nullptr));
        sqlite3_close(other);
    }

    // Holds every pooled connection at once, each reading the table.
    void readOnEveryConnection() {
        std::vector<std::thread> threads;
        std::atomic<int> inside{0};
        for (int i = 0; i < kClients; ++i)
            threads.emplace_back([&] {
                _db->read([&](store::Tx& s) {
                    store::sqlQueryOne(s, "SELECT count(*) FROM t");
                    ++inside;
                    while (inside.load() < kClients)
                        std::this_thread::yield();
                });
            });
        for (auto& t : threads)
            t.join();
    }

    std::string _dir;
    std::unique_ptr<store::Database> _db;
};

CPPUNIT_TEST_SUITE_REGISTRATION(ListCacheTest);
