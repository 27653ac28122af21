// The listings' page cache under concurrent misses (http/handlers/ListCache.h): requests that
// miss on the same page while one of them builds it wait for that body instead of each building
// it (a commit under load used to set every connection rendering the same page at once), and a
// failed build is never handed to the waiters.
#include "http/handlers/ListCache.h"
#include "http/Errors.h"
#include "store/Database.h"

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
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
        // One pooled connection: store::ReadStamps counts a connection's first use as a change,
        // so with several connections the first requests would see different stamps.
        _db = std::make_unique<store::Database>("sqlite:" + _dir + "/cache.db", 1);
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

private:
    std::string _dir;
    std::unique_ptr<store::Database> _db;
};

CPPUNIT_TEST_SUITE_REGISTRATION(ListCacheTest);
