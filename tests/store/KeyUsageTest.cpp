// API key last_used_at, coalesced: at most one write per key and minute, written
// by a background writer; authentication answers while another transaction holds the write
// lock.
#include "app/auth/KeyUsage.h"
#include "TempDirFixture.h"
#include "app/auth/ApiKeys.h"
#include "store/Database.h"
#include "store/Migrations.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <mutex>
#include <thread>

using namespace finimport;

class KeyUsageTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(KeyUsageTest);
    CPPUNIT_TEST(testAtMostOneWritePerKeyAndMinute);
    CPPUNIT_TEST(testManyAuthenticationsWriteOnce);
    CPPUNIT_TEST(testAuthenticationDoesNotWaitForTheWriteLock);
    CPPUNIT_TEST_SUITE_END();

    std::optional<int64_t> lastUsed(store::Database& db, const std::string& keyId) {
        std::optional<int64_t> at;
        db.read([&](finimport::store::Tx& s) {
            at = store::sqlQueryOne(s, "SELECT last_used_at FROM api_keys WHERE id = ?", {keyId})
                     ->optI64(0);
        });
        return at;
    }

public:
    void testAtMostOneWritePerKeyAndMinute() {
        store::Database db("sqlite:" + _dir + "/k.db");
        store::migrate(db);
        auto key = app::ApiKeys(db).create("Fam", "owner", "k", "read", std::nullopt);
        app::KeyUsageRecorder usage(db);
        const int64_t t0 = 1'700'000'000'000'000;
        usage.used(key.id, t0);
        usage.used(key.id, t0 + 59'999'999); // within the minute: coalesced
        usage.flush();
        CPPUNIT_ASSERT_EQUAL(int64_t(1), usage.writes());
        CPPUNIT_ASSERT_EQUAL(t0, *lastUsed(db, key.id));
        usage.used(key.id, t0 + 60'000'000); // a minute later: written again
        usage.flush();
        CPPUNIT_ASSERT_EQUAL(int64_t(2), usage.writes());
        CPPUNIT_ASSERT_EQUAL(t0 + 60'000'000, *lastUsed(db, key.id));
    }

    void testManyAuthenticationsWriteOnce() {
        store::Database db("sqlite:" + _dir + "/k.db");
        store::migrate(db);
        app::ApiKeys keys(db);
        auto key = keys.create("Fam", "owner", "k", "read_write", std::nullopt);
        CPPUNIT_ASSERT(!lastUsed(db, key.id));
        for (int i = 0; i < 200; ++i)
            CPPUNIT_ASSERT(keys.authenticate(key.key).status == app::KeyAuthentication::Status::Ok);
        keys.usage().flush();
        CPPUNIT_ASSERT_EQUAL(int64_t(1), keys.usage().writes());
        CPPUNIT_ASSERT(lastUsed(db, key.id).has_value());
    }

    void testAuthenticationDoesNotWaitForTheWriteLock() {
        store::Database db("sqlite:" + _dir + "/k.db");
        store::migrate(db);
        app::ApiKeys keys(db);
        auto key = keys.create("Fam", "owner", "k", "read", std::nullopt);
        std::promise<void> holding, release;
        auto releaseFuture = release.get_future().share();
        // Another writer holds the (SQLite) write lock for as long as the test says.
        std::thread writer([&] {
            db.write([&](finimport::store::Tx&) {
                holding.set_value();
                releaseFuture.wait();
            });
        });
        holding.get_future().wait();
        auto start = std::chrono::steady_clock::now();
        auto outcome = std::async(std::launch::async, [&] { return keys.authenticate(key.key); });
        bool answered = outcome.wait_for(std::chrono::seconds(3)) == std::future_status::ready;
        auto waited = std::chrono::steady_clock::now() - start;
        release.set_value();
        writer.join();
        CPPUNIT_ASSERT_MESSAGE("authentication waited for the write lock", answered);
        CPPUNIT_ASSERT(outcome.get().status == app::KeyAuthentication::Status::Ok);
        CPPUNIT_ASSERT(waited < std::chrono::seconds(3));
        keys.usage().flush(); // the queued time is written once the lock is free
        CPPUNIT_ASSERT(lastUsed(db, key.id).has_value());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(KeyUsageTest);
