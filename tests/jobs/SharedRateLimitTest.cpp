// Managed-mode rate-limit counters in the database: two instances (two Database
// pools on one database) share one limit per key and hour.
#include "TestDatabase.h"
#include "http/DbRateLimitCounter.h"
#include "store/Database.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <memory>

using namespace finimport;

class SharedRateLimitTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SharedRateLimitTest);
    CPPUNIT_TEST(testTwoInstancesShareOneLimit);
    CPPUNIT_TEST(testANewWindowStartsAtOneAndDropsOldOnes);
    CPPUNIT_TEST(testManagedLimiterOverTheDatabase);
    CPPUNIT_TEST_SUITE_END();

    std::string _dir;
    std::unique_ptr<test::TestDatabase> _testDb;
    std::unique_ptr<store::Database> _one, _two;

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
        _testDb = std::make_unique<test::TestDatabase>(_dir);
        _one = std::make_unique<store::Database>(_testDb->url(), 4);
        store::migrate(*_one);
        _two = std::make_unique<store::Database>(_testDb->url(), 4);
    }
    void tearDown() override {
        _one.reset();
        _two.reset();
        _testDb.reset();
        std::filesystem::remove_all(_dir);
    }

    void testTwoInstancesShareOneLimit() {
        http::DbRateLimitCounter a(*_one), b(*_two);
        const int64_t window = 3600 * 480000;
        for (int64_t i = 1; i <= 4; ++i) {
            auto r = (i % 2 ? a : b).tryIncrement("key-1", window, 5);
            CPPUNIT_ASSERT(r.allowed);
            CPPUNIT_ASSERT_EQUAL(i, r.count);
        }
        CPPUNIT_ASSERT_EQUAL(int64_t(5), a.tryIncrement("key-1", window, 5).count);
        auto refused = b.tryIncrement("key-1", window, 5);
        CPPUNIT_ASSERT(!refused.allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(5), refused.count); // a refusal is not counted
        CPPUNIT_ASSERT(!a.tryIncrement("key-1", window, 5).allowed);
        // Another key has its own count.
        CPPUNIT_ASSERT_EQUAL(int64_t(1), b.tryIncrement("key-2", window, 5).count);
    }

    void testANewWindowStartsAtOneAndDropsOldOnes() {
        http::DbRateLimitCounter a(*_one);
        for (int i = 0; i < 3; ++i)
            a.tryIncrement("k", 3600, 100);
        auto next = a.tryIncrement("k", 7200, 100);
        CPPUNIT_ASSERT(next.allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), next.count);
        int64_t rows = 0;
        _one->read([&](finimport::store::Tx& s) {
            rows =
                store::sqlCount(s, "SELECT COUNT(*) FROM rate_limit_counters WHERE key_id = 'k'");
        });
        CPPUNIT_ASSERT_EQUAL(int64_t(1), rows);
    }

    void testManagedLimiterOverTheDatabase() {
        auto clock = [] { return int64_t(1700000000); };
        http::RateLimiter one(http::RateLimitMode::Managed,
                              std::make_shared<http::DbRateLimitCounter>(*_one), clock, 2);
        http::RateLimiter two(http::RateLimitMode::Managed,
                              std::make_shared<http::DbRateLimitCounter>(*_two), clock, 2);
        CPPUNIT_ASSERT(one.check("key").allowed);
        CPPUNIT_ASSERT(two.check("key").allowed);
        auto third = one.check("key");
        CPPUNIT_ASSERT(!third.allowed);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), third.current);
        CPPUNIT_ASSERT_EQUAL(int64_t(3600 - 1700000000 % 3600), third.resetSeconds);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(SharedRateLimitTest);
