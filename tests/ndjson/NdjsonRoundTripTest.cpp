// Export → import → export: a family built by CSV imports (accounts, transactions, trades) is
// exported over HTTP, imported into an empty family as a ServiceImport (readback `matched`),
// and exported again. The two exports are identical once ids are replaced by their order of
// first appearance and timestamps are dropped; the balances of both families are identical.
#include "NdjsonSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <map>
#include <regex>

using namespace finimport::test;

namespace {

std::string normalize(const std::string& ndjson) {
    static const std::regex timestamps(R"re(,"(created_at|updated_at)":"[^"]*")re");
    static const std::regex uuid("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    std::string text = std::regex_replace(ndjson, timestamps, "");
    std::map<std::string, int> order;
    std::string out;
    auto begin = std::sregex_iterator(text.begin(), text.end(), uuid);
    size_t last = 0;
    for (auto it = begin; it != std::sregex_iterator(); ++it) {
        out += text.substr(last, it->position() - last);
        auto [entry, fresh] = order.emplace(it->str(), static_cast<int>(order.size()) + 1);
        out += "id#" + std::to_string(entry->second);
        last = it->position() + it->length();
    }
    return out + text.substr(last);
}

void importCsv(AppHarness& app, const std::string& key, const std::string& type,
               const std::string& file, const std::string& extra) {
    auto r = app.postJson(
        "/api/v1/imports",
        R"({"type":")" + type + R"(","publish":"true",)" + extra + R"("raw_file_content":)" +
            jsonQuote(readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/" + file)) + "}",
        key);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
    app.waitForJobs();
}

std::vector<std::vector<std::string>> balancesOf(AppHarness& app, const std::string& family) {
    return sqlRows(
        app,
        "SELECT a.name, b.date, b.currency, b.balance, b.cash_balance, b.start_cash_balance, "
        "b.start_non_cash_balance, b.cash_inflows, b.cash_outflows, b.non_cash_inflows, "
        "b.non_cash_outflows, "
        "b.net_market_flows, b.cash_adjustments, b.non_cash_adjustments, b.end_cash_balance, "
        "b.end_non_cash_balance, b.flows_factor, a.balance FROM balances b JOIN accounts a ON a.id "
        "= b.account_id "
        "JOIN families f ON f.id = a.family_id WHERE f.name = ? ORDER BY a.name, b.date",
        {family});
}

} // namespace

class NdjsonRoundTripTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(NdjsonRoundTripTest);
    CPPUNIT_TEST(testCsvFamilyRoundTrip);
    CPPUNIT_TEST(testExportEndpointNeedsKeyAndStreamsNdjson);
    CPPUNIT_TEST(testCliExportMatchesEndpoint);
    CPPUNIT_TEST_SUITE_END();

public:
    void buildCsvFamily(AppHarness& app, const std::string& key) {
        importCsv(app, key, "AccountImport", "accounts.csv", R"("date_format":"%Y-%m-%d",)");
        importCsv(app, key, "TransactionImport", "transactions.csv",
                  R"("date_format":"%Y-%m-%d",)");
        importCsv(app, key, "TradeImport", "trades.csv", R"("date_format":"%Y-%m-%d",)");
    }

    void testCsvFamilyRoundTrip() {
        AppHarness app;
        std::string source = app.createKey("Source"), target = app.createKey("Target");
        buildCsvFamily(app, source);
        auto first = app.get("/api/v1/exports/ndjson", source);
        CPPUNIT_ASSERT_EQUAL(200, first.status);
        CPPUNIT_ASSERT(first.body.find("\"type\":\"Trade\"") != std::string::npos);
        CPPUNIT_ASSERT(first.body.find("\"type\":\"Transaction\"") != std::string::npos);

        auto run = publishService(app, target, first.body);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), run.import->getValue<std::string>("status"));
        auto rb = readback(run.import);
        CPPUNIT_ASSERT_EQUAL(std::string("matched"), rb->getValue<std::string>("status"));
        for (const char* k : {"valuations", "transactions", "categories"}) // nothing implicit
            CPPUNIT_ASSERT_EQUAL(int64_t(0), countOf(rb->getObject("implicit_counts"), k));

        auto second = app.get("/api/v1/exports/ndjson", target);
        CPPUNIT_ASSERT_EQUAL(200, second.status);
        // No other difference: every field the exporter writes is imported as written.
        CPPUNIT_ASSERT_EQUAL(normalize(first.body), normalize(second.body));

        auto a = balancesOf(app, "Source"), b = balancesOf(app, "Target");
        CPPUNIT_ASSERT(!a.empty());
        CPPUNIT_ASSERT_EQUAL(a.size(), b.size());
        for (size_t i = 0; i < a.size(); ++i)
            CPPUNIT_ASSERT(a[i] == b[i]);
    }

    void testExportEndpointNeedsKeyAndStreamsNdjson() {
        AppHarness app;
        std::string key = app.createKey("Stream", "read");
        auto empty = app.get("/api/v1/exports/ndjson", key);
        CPPUNIT_ASSERT_EQUAL(200, empty.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/x-ndjson"), empty.header("Content-Type"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), empty.body);
        auto anonymous = app.get("/api/v1/exports/ndjson", "");
        CPPUNIT_ASSERT_EQUAL(401, anonymous.status);

        std::string writer = app.createKey("Stream");
        publishService(app, writer, ndjsonFixture("budgets.ndjson"));
        auto body = app.get("/api/v1/exports/ndjson", key).body;
        auto lines = normalize(body);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"type":"Category","data":{"id":"id#1","name":"Groceries","color":"#00FF00",)"
                R"("classification":"expense","lucide_icon":"shapes","parent_id":null}})"
                "\n"
                R"({"type":"Budget","data":{"id":"id#2","start_date":"2024-01-01","end_date":"2024-01-31",)"
                R"("budgeted_spending":"3000.0","expected_income":"5000.0","currency":"USD"}})"
                "\n"
                R"({"type":"BudgetCategory","data":{"id":"id#3","budget_id":"id#2","category_id":"id#1",)"
                R"("budgeted_spending":"500.0","currency":"USD"}})"),
            lines);
    }

    void testCliExportMatchesEndpoint() {
        AppHarness app;
        std::string key = app.createKey("Cli");
        publishService(app, key, ndjsonFixture("sample.ndjson"));
        std::string out = app.directory() + "/export.ndjson";
        std::string cmd = std::string(FINIMPORT_BINARY_DIR) +
                          "/bin/finimport export --database sqlite:" + app.directory() +
                          "/finimport.db --family Cli --output " + out;
        CPPUNIT_ASSERT_EQUAL(0, std::system(cmd.c_str()));
        CPPUNIT_ASSERT_EQUAL(app.get("/api/v1/exports/ndjson", key).body, readFile(out));
        std::string missing = std::string(FINIMPORT_BINARY_DIR) +
                              "/bin/finimport export --database sqlite:" + app.directory() +
                              "/finimport.db --family Nobody --output " + out + " 2>/dev/null";
        CPPUNIT_ASSERT(std::system(missing.c_str()) != 0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(NdjsonRoundTripTest);
