// database.read_url: the balance and trade listings are read from the read pool,
// authentication and everything else from the primary. Runs on SQLite (two files) and, as
// http_read_replica_pg, on two databases of the PostgreSQL cluster; a second case uses the
// primary's own URL as the read URL (the same cluster as both).
#include "ApiSupport.h"
#include "TempDirFixture.h"
#include "store/BalanceStore.h"
#include "store/Database.h"
#include "store/Migrations.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>

using namespace finimport;
using namespace finimport::test;

class ReadReplicaApiTest : public finimport::test::TempDirFixture {
    CPPUNIT_TEST_SUITE(ReadReplicaApiTest);
    CPPUNIT_TEST(testListingsComeFromTheReadDatabase);
    CPPUNIT_TEST(testPrimaryAsItsOwnReadUrl);
    CPPUNIT_TEST_SUITE_END();

    static void writeBalance(store::Database& db, const std::string& accountId,
                             const std::string& date, int64_t raw) {
        std::vector<store::BalanceRecord> rows(1);
        rows[0].date = date;
        rows[0].currency = "USD";
        rows[0].balance = rows[0].endCash = raw;
        db.write([&](finimport::store::Tx& s) {
            store::BalanceStore(s).replace(accountId, std::nullopt, rows);
        });
    }

public:
    void testListingsComeFromTheReadDatabase() {
        TestDatabase replicaDb(_dir);
        {
            store::Database db(replicaDb.url());
            store::migrate(db);
        }
        HarnessOptions options;
        options.configure = [&](server::Config& c) { c.databaseReadUrl = replicaDb.url(); };
        AppHarness app(options);
        // The key exists on the primary only: authentication must not read the replica.
        std::string key = app.createKey("Family", "read");
        const std::string familyId = familyIdOf(app, "Family");
        auto account = seedAccount(app, "Family", "Checking");
        writeBalance(app.server().database(), account.id, "2024-01-01", 10000000000);
        seedTrade(app, account.id, "2024-01-05", 100000000, 5000000000, 5000000000, "AAPL",
                  "Buy AAPL", 1700000000000000);

        // The "replica" holds the same family and account with a different balance, no trades.
        {
            store::Database replica(replicaDb.url());
            replica.write([&](finimport::store::Tx& s) {
                store::sqlExec(s,
                               "INSERT INTO families (id, name, currency, created_at, updated_at) "
                               "VALUES (?, 'Family', 'USD', 1, 1)",
                               {familyId});
                store::AccountRow copy = account;
                store::AccountStore(s).insert(copy);
            });
            writeBalance(replica, account.id, "2024-01-02", 1234000000);
        }

        auto balances = app.get("/api/v1/balances", key);
        CPPUNIT_ASSERT_EQUAL(200, balances.status);
        CPPUNIT_ASSERT(balances.body.find("\"date\":\"2024-01-02\"") != std::string::npos);
        CPPUNIT_ASSERT(balances.body.find("\"balance\":\"$12.34\",\"balance_cents\":1234,") !=
                       std::string::npos);
        CPPUNIT_ASSERT(balances.body.find("2024-01-01") == std::string::npos);
        CPPUNIT_ASSERT(balances.body.find("\"total_count\":1,") != std::string::npos);

        auto trades = app.get("/api/v1/trades", key);
        CPPUNIT_ASSERT_EQUAL(200, trades.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"trades":[],"pagination":{"page":1,"per_page":25,"total_count":0,"total_pages":1}})"),
            trades.body);
    }

    void testPrimaryAsItsOwnReadUrl() {
        HarnessOptions options;
        options.configure = [](server::Config& c) { c.databaseReadUrl = c.database; };
        AppHarness app(options);
        CPPUNIT_ASSERT(app.server().database().hasReadReplica());
        std::string key = app.createKey("Family", "read");
        auto account = seedAccount(app, "Family", "Checking");
        writeBalance(app.server().database(), account.id, "2024-03-01", 98765400000000);
        auto balances = app.get("/api/v1/balances?per_page=5", key);
        CPPUNIT_ASSERT_EQUAL(200, balances.status);
        CPPUNIT_ASSERT(
            balances.body.find("\"balance\":\"$987,654.00\",\"balance_cents\":98765400,") !=
            std::string::npos);
        CPPUNIT_ASSERT(balances.body.find("\"total_count\":1,") != std::string::npos);
        seedTrade(app, account.id, "2024-01-05", 100000000, 5000000000, 5000000000, "AAPL",
                  "Buy AAPL", 1700000000000000);
        auto trades = app.get("/api/v1/trades", key);
        CPPUNIT_ASSERT_EQUAL(200, trades.status);
        CPPUNIT_ASSERT(trades.body.find("\"total_count\":1,") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ReadReplicaApiTest);
