// Unexpected failures (docs/api.md §7.10, §8.7, §9.2, §9.3, §12, §12.4): the documented 500 body of
// each route, an X-Request-Id, no internal detail; and a publish that cannot be queued is 500
// publish_failed with import_id, the import left pending. The failure is real: a table the
// route needs is renamed away under the running server.
#include "ApiSupport.h"

#include "store/Sql.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

namespace {

void renameTable(AppHarness& app, const std::string& from, const std::string& to) {
    app.server().database().write([&](finimport::store::Tx& s) {
        store::sqlExec(s, "ALTER TABLE " + from + " RENAME TO " + to);
    });
}

void assertInternal(const HttpResult& r, const std::string& message, const char* leak) {
    CPPUNIT_ASSERT_EQUAL(500, r.status);
    CPPUNIT_ASSERT_EQUAL(R"({"error":"internal_server_error","message":")" + message + R"("})",
                         r.body);
    CPPUNIT_ASSERT(!r.header("X-Request-Id").empty());
    CPPUNIT_ASSERT(r.body.find(leak) == std::string::npos);
}

const std::string kCsv = R"("raw_file_content":"date,amount,name\n01/02/2024,10.00,Coffee\n")";

} // namespace

class FailureApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FailureApiTest);
    CPPUNIT_TEST(testBalancesAndTrades);
    CPPUNIT_TEST(testRecurring);
    CPPUNIT_TEST(testImportReadsAndPreflight);
    CPPUNIT_TEST(testPublishThatCannotBeQueued);
    CPPUNIT_TEST_SUITE_END();

public:
    void testBalancesAndTrades() {
        AppHarness app;
        std::string key = app.createKey("F");
        renameTable(app, "balances", "balances_gone");
        assertInternal(app.get("/api/v1/balances", key), "An unexpected error occurred",
                       "balances");
        renameTable(app, "trades", "trades_gone");
        assertInternal(app.get("/api/v1/trades", key), "An unexpected error occurred", "trades");
    }

    void testRecurring() {
        AppHarness app;
        std::string key = app.createKey("F");
        renameTable(app, "recurring_transactions", "recurring_gone");
        auto r = app.postJson(
            "/api/v1/recurring_transactions",
            R"({"recurring_transaction":{"name":"Gym","amount":"49.99","currency":"USD",)"
            R"("expected_day_of_month":1,"last_occurrence_date":"2026-04-01","next_expected_date":"2026-05-01"}})",
            key);
        assertInternal(r, "Internal server error", "recurring");
    }

    void testImportReadsAndPreflight() {
        AppHarness app;
        std::string key = app.createKey("F");
        auto account = seedAccount(app, "F", "Checking");
        renameTable(app, "accounts", "accounts_gone");
        auto preflight = app.postJson("/api/v1/imports/preflight",
                                      R"({"type":"TransactionImport","account_id":")" + account.id +
                                          R"(",)" + kCsv + "}",
                                      key);
        assertInternal(preflight, "Import preflight could not be completed.", "accounts");
        renameTable(app, "imports", "imports_gone");
        assertInternal(app.get("/api/v1/imports", key), "An unexpected error occurred.", "imports");
    }

    void testPublishThatCannotBeQueued() {
        AppHarness app;
        std::string key = app.createKey("F");
        auto account = seedAccount(app, "F", "Checking");
        renameTable(app, "jobs", "jobs_gone");
        auto created = app.postJson(
            "/api/v1/imports",
            R"({"publish":"true","account_id":")" + account.id + R"(",)" + kCsv + "}", key);
        CPPUNIT_ASSERT_EQUAL(500, created.status);
        auto body = jsonObject(created);
        CPPUNIT_ASSERT_EQUAL(std::string("publish_failed"), body->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Import was uploaded but could not be queued for processing."),
            body->getValue<std::string>("message"));
        std::string id = body->getValue<std::string>("import_id");
        auto stored = jsonObject(app.get("/api/v1/imports/" + id, key));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"),
                             stored->getObject("data")->getValue<std::string>("status"));

        auto again = app.postJson("/api/v1/imports/" + id + "/publish", "", key);
        CPPUNIT_ASSERT_EQUAL(500, again.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"publish_failed","message":"Import was uploaded but could not be queued for processing.","import_id":")") +
                id + "\"}",
            again.body);

        // Once the queue is back, the same import publishes.
        renameTable(app, "jobs_gone", "jobs");
        auto ok = app.postJson("/api/v1/imports/" + id + "/publish", "", key);
        CPPUNIT_ASSERT_EQUAL(200, ok.status);
        app.waitForJobs();
        auto done = jsonObject(app.get("/api/v1/imports/" + id, key));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"),
                             done->getObject("data")->getValue<std::string>("status"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FailureApiTest);
