// GET /api/v1/balances validation and clamping (docs/api.md §9.1, §9.2, §10 change 5;
// docs/decisions.md D27). The balance values themselves are checked by WorkedExampleTest.
#include "ApiSupport.h"

#include <Poco/TemporaryFile.h>

#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>

using namespace finimport;
using namespace finimport::test;

class BalancesApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BalancesApiTest);
    CPPUNIT_TEST(testValidationOrderAndMessages);
    CPPUNIT_TEST(testEmptyListAndClamp);
    CPPUNIT_TEST(testPagesFollowEveryCommittedChange);
    CPPUNIT_TEST_SUITE_END();

public:
    void testValidationOrderAndMessages() {
        AppHarness app;
        std::string key = app.createKey("Family", "read");
        ASSERT_API_ERROR(app.get("/api/v1/balances?account_id=xyz&start_date=bad", key), 422,
                         "validation_failed", "account_id must be a valid UUID",
                         Errors({"account_id must be a valid UUID"}));
        for (const char* bad :
             {"01/15/2024", "2024/01/15", "2024-1-5", "2024-02-30", "2024", "soon"})
            ASSERT_API_ERROR(
                app.get(std::string("/api/v1/balances?start_date=") + bad + "&end_date=bad", key),
                422, "validation_failed", "start_date must be an ISO 8601 date",
                Errors({"start_date must be an ISO 8601 date"}));
        ASSERT_API_ERROR(app.get("/api/v1/balances?start_date=20240115&end_date=x", key), 422,
                         "validation_failed", "end_date must be an ISO 8601 date",
                         Errors({"end_date must be an ISO 8601 date"}));
        CPPUNIT_ASSERT_EQUAL(
            200,
            app.get("/api/v1/balances?start_date=2024-01-15T10:00:00Z&currency=usd", key).status);
        ASSERT_API_ERROR(app.get("/api/v1/balances", ""), 401, "unauthorized",
                         "Access token or API key is invalid, expired, or missing", kNoErrors);
    }

    void testEmptyListAndClamp() {
        AppHarness app;
        std::string key = app.createKey("Family", "read");
        auto r = app.get("/api/v1/balances?per_page=101&page=5", key);
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"balances":[],"pagination":{"page":1,"per_page":100,"total_count":0,"total_pages":1}})"),
            r.body);
    }

    // Pages are served from a cache (http/PageCache.h): a change committed by this server, by
    // another connection of the same database (another process or instance) or to a joined
    // table must show in the next answer, and an unchanged page is answered byte for byte.
    void testPagesFollowEveryCommittedChange() {
        const std::string dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(dir);
        TestDatabase database(dir);
        HarnessOptions options;
        options.database = database.url();
        AppHarness app(options);
        std::string key = app.createKey("Family", "read");
        auto account = seedAccount(app, "Family", "Checking");
        auto setBalance = [&](store::Database& db, int64_t raw) {
            db.write([&](finimport::store::Tx& s) {
                store::sqlExec(s, "DELETE FROM balances WHERE account_id = ?", {account.id});
                store::sqlExec(
                    s,
                    "INSERT INTO balances (id, account_id, date, currency, balance, cash_balance, "
                    "start_cash_balance, start_non_cash_balance, cash_inflows, cash_outflows, "
                    "non_cash_inflows, non_cash_outflows, net_market_flows, cash_adjustments, "
                    "non_cash_adjustments, end_cash_balance, end_non_cash_balance, flows_factor, "
                    "created_at, updated_at) VALUES ('00000000-0000-4000-8000-0000000000b1', ?, "
                    "'2024-01-15', 'USD', ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, ?, 0, 1, "
                    "1705312800000000, 1705312800000000)",
                    {account.id, raw, raw, raw});
            });
        };
        auto balanceText = [&](const std::string& uri) {
            auto r = app.get(uri, key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            auto first = jsonObject(r)->getArray("balances")->getObject(0);
            return first->getValue<std::string>("balance") + " " +
                   first->getObject("account")->getValue<std::string>("name");
        };
        setBalance(app.server().database(), 1050000000);
        CPPUNIT_ASSERT_EQUAL(std::string("$10.50 Checking"), balanceText("/api/v1/balances"));
        const auto before = app.get("/api/v1/balances", key);
        CPPUNIT_ASSERT_EQUAL(before.body, app.get("/api/v1/balances", key).body);

        // This server's own write.
        setBalance(app.server().database(), 2075000000);
        CPPUNIT_ASSERT_EQUAL(std::string("$20.75 Checking"), balanceText("/api/v1/balances"));
        // Another connection pool on the same database, as another process or instance writes.
        {
            store::Database other(database.url());
            setBalance(other, 3000000000);
        }
        CPPUNIT_ASSERT_EQUAL(std::string("$30.00 Checking"), balanceText("/api/v1/balances"));
        {
            store::Database other(database.url());
            other.write([&](finimport::store::Tx& s) {
                store::sqlExec(s, "UPDATE accounts SET name = 'Renamed' WHERE id = ?",
                               {account.id});
            });
        }
        CPPUNIT_ASSERT_EQUAL(std::string("$30.00 Renamed"), balanceText("/api/v1/balances"));
        // A differently filtered page is its own entry, and both stay current.
        CPPUNIT_ASSERT_EQUAL(std::string("$30.00 Renamed"),
                             balanceText("/api/v1/balances?account_id=" + account.id));
        setBalance(app.server().database(), 100);
        CPPUNIT_ASSERT_EQUAL(std::string("$0.00 Renamed"),
                             balanceText("/api/v1/balances?account_id=" + account.id));
        CPPUNIT_ASSERT_EQUAL(std::string("$0.00 Renamed"), balanceText("/api/v1/balances"));
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BalancesApiTest);
