// TransactionImport, TradeImport and AccountImport fixtures published over the API: records in
// the store (scaled amounts), duplicates (docs/decisions.md D18), revert (docs/imports.md §12.3)
// and all-or-nothing.
#include "LifecycleSupport.h"
#include "server/Server.h"

#include <cppunit/extensions/HelperMacros.h>

#include <stdexcept>

using namespace finimport::test;

namespace {

std::string fixture(const std::string& name) {
    return readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/" + name);
}

const std::string kIso = R"("date_format":"%Y-%m-%d")";

int64_t importStat(AppHarness& app, const std::string& key, const std::string& id,
                   const std::string& name) {
    return importDetail(app, key, id)->getObject("stats")->getValue<int64_t>(name);
}

} // namespace

class LedgerLifecycleTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LedgerLifecycleTest);
    CPPUNIT_TEST(transactionsFixtureTwice);
    CPPUNIT_TEST(revertKeepsMatchedEntry);
    CPPUNIT_TEST(tradesFixtureTwice);
    CPPUNIT_TEST(accountsFixtureTwice);
    CPPUNIT_TEST(failedPublishLeavesNothing);
    CPPUNIT_TEST(rowsAndMappingsAtUpload);
    CPPUNIT_TEST(tradeSignsUnderBothConventions);
    CPPUNIT_TEST(accountRowCap);
    CPPUNIT_TEST_SUITE_END();

public:
    void transactionsFixtureTwice() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto body = importBody("TransactionImport", fixture("transactions.csv"), kIso);
        auto first = createImport(app, key, body);
        auto detail = importDetail(app, key, first);
        auto stats = detail->getObject("stats");
        CPPUNIT_ASSERT_EQUAL(9, stats->getValue<int>("valid_rows_count"));
        // 6 distinct categories, 13 distinct tags, 3 accounts; all creatable → assigned.
        CPPUNIT_ASSERT_EQUAL(6 + 13 + 3, stats->getValue<int>("mappings_count"));
        CPPUNIT_ASSERT_EQUAL(0, stats->getValue<int>("unassigned_mappings_count"));
        CPPUNIT_ASSERT(detail->getObject("status_detail")->getValue<bool>("publishable"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, first));

        CPPUNIT_ASSERT_EQUAL(int64_t(9), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3),
                             storeCount(app, "SELECT COUNT(*) FROM accounts WHERE account_type = "
                                             "'depository' AND currency = 'USD'"));
        CPPUNIT_ASSERT_EQUAL(int64_t(6), storeCount(app, "SELECT COUNT(*) FROM categories"));
        CPPUNIT_ASSERT_EQUAL(int64_t(13), storeCount(app, "SELECT COUNT(*) FROM tags"));
        // -89.75 under inflows_positive is money out: +89.75 in the engine sign, scaled 1e8.
        auto grocery = storeQuery(
            app, "SELECT e.amount, e.date, a.name, c.name, e.notes, e.import_locked FROM entries e "
                 "JOIN accounts a ON a.id = e.account_id JOIN transactions t ON t.entry_id = e.id "
                 "JOIN categories c ON c.id = t.category_id WHERE e.name = 'Grocery Store'");
        CPPUNIT_ASSERT_EQUAL(size_t(1), grocery.size());
        CPPUNIT_ASSERT_EQUAL(int64_t(8975000000), grocery[0].i64(0));
        CPPUNIT_ASSERT_EQUAL(std::string("2023-05-01"), grocery[0].str(1));
        CPPUNIT_ASSERT_EQUAL(std::string("Checking Account"), grocery[0].str(2));
        CPPUNIT_ASSERT_EQUAL(std::string("Food"), grocery[0].str(3));
        CPPUNIT_ASSERT_EQUAL(std::string("Weekly grocery shopping"), grocery[0].str(4));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), grocery[0].i64(5));
        CPPUNIT_ASSERT_EQUAL(int64_t(51629000000),
                             storeCount(app, "SELECT SUM(amount) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(
            int64_t(2),
            storeCount(app, "SELECT COUNT(*) FROM transaction_tags tt JOIN tags t ON "
                            "t.id = tt.tag_id WHERE t.name IN ('Bills', 'Home') AND tt.entry_id = "
                            "(SELECT id FROM entries WHERE name = 'Electric Company')"));
        CPPUNIT_ASSERT(storeCount(app, "SELECT COUNT(*) FROM balances") > 0);

        // docs/decisions.md D18: the same file again creates nothing and says so.
        auto second = createImport(app, key, body);
        CPPUNIT_ASSERT_EQUAL(int64_t(9), importStat(app, key, second, "duplicate_rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(9), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(3), storeCount(app, "SELECT COUNT(*) FROM accounts"));
        CPPUNIT_ASSERT_EQUAL(int64_t(9), importStat(app, key, second, "duplicate_rows_count"));
        // Reverting the second import deletes nothing: everything it touched was matched.
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(9), storeCount(app, "SELECT COUNT(*) FROM entries"));
        // Reverting the first removes its entries, accounts and taxonomy.
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, first));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM accounts"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM categories"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM balances"));
    }

    void revertKeepsMatchedEntry() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto seed = createImport(
            app, key,
            importBody("TransactionImport",
                       "date,name,amount,account\n2024-03-01,Coffee,-4.50,Main\n", kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, seed));
        auto existing = storeQuery(app, "SELECT id FROM entries").at(0).str(0);
        // Same row (name differs only in case and spacing) plus a new one.
        auto id = createImport(
            app, key,
            importBody("TransactionImport",
                       "date,name,amount,account,notes\n2024-03-01,  coffee ,-4.50,Main,matched\n"
                       "2024-03-02,Tea,-3.00,Main,\n",
                       kIso));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), importStat(app, key, id, "duplicate_rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(int64_t(2), storeCount(app, "SELECT COUNT(*) FROM entries"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("matched"),
            storeQuery(app, "SELECT notes FROM entries WHERE id = ?", {existing}).at(0).str(0));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), revertImport(app, key, id));
        auto left = storeQuery(app, "SELECT id FROM entries");
        CPPUNIT_ASSERT_EQUAL(size_t(1), left.size());
        CPPUNIT_ASSERT_EQUAL(existing, left[0].str(0));
    }

    void tradesFixtureTwice() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto body = importBody("TradeImport", fixture("trades.csv"), kIso);
        auto first = createImport(app, key, body);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, first));
        CPPUNIT_ASSERT_EQUAL(int64_t(10), storeCount(app, "SELECT COUNT(*) FROM trades"));
        CPPUNIT_ASSERT_EQUAL(int64_t(7), storeCount(app, "SELECT COUNT(*) FROM securities"));
        auto sell = storeQuery(
            app, "SELECT t.qty, t.price, e.amount, t.investment_activity_label, s.ticker, a.name "
                 "FROM trades t JOIN entries e ON e.id = t.entry_id JOIN securities s ON "
                 "s.id = t.security_id JOIN accounts a ON a.id = e.account_id WHERE e.date = "
                 "'2023-06-15'");
        CPPUNIT_ASSERT_EQUAL(int64_t(-500000000), sell.at(0).i64(0));
        CPPUNIT_ASSERT_EQUAL(int64_t(17050000000), sell[0].i64(1));
        CPPUNIT_ASSERT_EQUAL(int64_t(-85250000000), sell[0].i64(2));
        CPPUNIT_ASSERT_EQUAL(std::string("Sell"), sell[0].str(3));
        CPPUNIT_ASSERT_EQUAL(std::string("AAPL"), sell[0].str(4));
        CPPUNIT_ASSERT_EQUAL(std::string("Brokerage Account"), sell[0].str(5));
        CPPUNIT_ASSERT_EQUAL(
            int64_t(7),
            storeCount(app, "SELECT COUNT(*) FROM trades WHERE investment_activity_label = 'Buy'"));

        auto second = createImport(app, key, body);
        CPPUNIT_ASSERT_EQUAL(int64_t(10), importStat(app, key, second, "duplicate_rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(10), storeCount(app, "SELECT COUNT(*) FROM trades"));
        CPPUNIT_ASSERT_EQUAL(int64_t(7), storeCount(app, "SELECT COUNT(*) FROM securities"));
    }

    void accountsFixtureTwice() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto body = importBody("AccountImport", fixture("accounts.csv"));
        auto first = createImport(app, key, body);
        auto detail = importDetail(app, key, first);
        CPPUNIT_ASSERT_EQUAL(4, detail->getObject("stats")->getValue<int>("mappings_count"));
        CPPUNIT_ASSERT_EQUAL(
            0, detail->getObject("stats")->getValue<int>("unassigned_mappings_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, first));
        auto accounts = storeQuery(
            app, "SELECT name, account_type, currency, balance FROM accounts ORDER BY name");
        CPPUNIT_ASSERT_EQUAL(size_t(4), accounts.size());
        std::string all;
        for (const auto& a : accounts)
            all +=
                a.str(0) + "|" + a.str(1) + "|" + a.str(2) + "|" + std::to_string(a.i64(3)) + "\n";
        CPPUNIT_ASSERT_EQUAL(std::string("Emergency Fund|depository|USD|1000000000000\n"
                                         "Main Checking Account|depository|USD|500000000000\n"
                                         "Retirement Portfolio|investment|USD|7500000000000\n"
                                         "Rewards Credit Card|credit_card|USD|150000000000\n"),
                             all);
        // One opening anchor each, named by type, today − 2 years.
        CPPUNIT_ASSERT_EQUAL(
            int64_t(4),
            storeCount(app, "SELECT COUNT(*) FROM valuations WHERE kind = 'opening_anchor'"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Opening account value"),
            storeQuery(app, "SELECT e.name FROM entries e JOIN accounts a ON a.id = e.account_id "
                            "WHERE a.name = 'Retirement Portfolio'")
                .at(0)
                .str(0));

        auto second = createImport(app, key, body);
        CPPUNIT_ASSERT_EQUAL(int64_t(4), importStat(app, key, second, "duplicate_rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, second));
        CPPUNIT_ASSERT_EQUAL(int64_t(4), storeCount(app, "SELECT COUNT(*) FROM accounts"));
        CPPUNIT_ASSERT_EQUAL(int64_t(4), storeCount(app, "SELECT COUNT(*) FROM entries"));
    }

    void failedPublishLeavesNothing() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(app, key,
                               importBody("TransactionImport", fixture("transactions.csv"), kIso));
        app.server().importJobs().afterRecordsHook = [] {
            throw std::runtime_error("disk on fire");
        };
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(std::string("disk on fire"),
                             importDetail(app, key, id)->getValue<std::string>("error"));
        for (const char* table :
             {"entries", "accounts", "categories", "tags", "transactions", "balances"})
            CPPUNIT_ASSERT_EQUAL_MESSAGE(
                table, int64_t(0), storeCount(app, std::string("SELECT COUNT(*) FROM ") + table));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM import_records"));
        // docs/decisions.md D7: a failed import may be published again.
        app.server().importJobs().afterRecordsHook = nullptr;
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, id));
        CPPUNIT_ASSERT_EQUAL(int64_t(9), storeCount(app, "SELECT COUNT(*) FROM entries"));
    }

    void rowsAndMappingsAtUpload() {
        AppHarness app;
        auto key = app.createKey("Fam");
        auto id = createImport(
            app, key,
            importBody("AccountImport", "type,name,balance\nChecking,A,10\nBrokerage X,B,20\n"));
        auto detail = importDetail(app, key, id);
        CPPUNIT_ASSERT_EQUAL(
            1, detail->getObject("stats")->getValue<int>("unassigned_mappings_count"));
        CPPUNIT_ASSERT(!detail->getObject("status_detail")->getValue<bool>("publishable"));
        auto rows = importRows(app, key, id);
        auto mapping = rows->getObject(1)->getObject("mappings")->getObject("account_type");
        CPPUNIT_ASSERT_EQUAL(std::string("Brokerage X"), mapping->getValue<std::string>("key"));
        CPPUNIT_ASSERT(mapping->isNull("value"));
        CPPUNIT_ASSERT_EQUAL(std::string("Depository"), rows->getObject(0)
                                                            ->getObject("mappings")
                                                            ->getObject("account_type")
                                                            ->getValue<std::string>("value"));
        auto r = app.postJson("/api/v1/imports/" + id + "/publish", "", key);
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("not_publishable"),
                             jsonObject(r)->getValue<std::string>("error"));
    }

    void tradeSignsUnderBothConventions() {
        AppHarness app;
        auto key = app.createKey("Fam");
        // docs/imports.md §12.8: a buy increases the quantity and is money out under both
        // conventions.
        const std::string header = "date,ticker,qty,price,account\n";
        auto positive = createImport(
            app, key,
            importBody("TradeImport",
                       header + "2024-01-02,vti,3,10.5,Broker\n2024-01-03,VTI,-1,11,Broker\n",
                       kIso));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, positive));
        auto negative = createImport(
            app, key,
            importBody("TradeImport",
                       header + "2024-01-04,VTI,-3,10.5,Broker\n2024-01-05,VTI,1,11,Broker\n",
                       kIso + R"(,"signage_convention":"inflows_negative")"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), publishImport(app, key, negative));
        std::string all;
        for (const auto& r : storeQuery(
                 app, "SELECT e.date, t.qty, e.amount, t.investment_activity_label, s.ticker "
                      "FROM trades t JOIN entries e ON e.id = t.entry_id JOIN securities s "
                      "ON s.id = t.security_id ORDER BY e.date"))
            all += r.str(0) + " " + std::to_string(r.i64(1)) + " " + std::to_string(r.i64(2)) +
                   " " + r.str(3) + " " + r.str(4) + "\n";
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-02 300000000 3150000000 Buy VTI\n"
                                         "2024-01-03 -100000000 -1100000000 Sell VTI\n"
                                         "2024-01-04 300000000 3150000000 Buy VTI\n"
                                         "2024-01-05 -100000000 -1100000000 Sell VTI\n"),
                             all);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), storeCount(app, "SELECT COUNT(*) FROM securities"));
    }

    void accountRowCap() {
        AppHarness app;
        auto key = app.createKey("Fam");
        std::string csv = "type,name,balance\n";
        for (int i = 0; i < 51; ++i)
            csv += "checking,A" + std::to_string(i) + ",1\n";
        auto id = createImport(app, key, importBody("AccountImport", csv));
        auto r = app.postJson("/api/v1/imports/" + id + "/publish", "", key);
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("max_row_count_exceeded"),
                             jsonObject(r)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(id, jsonObject(r)->getValue<std::string>("import_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"),
                             importDetail(app, key, id)->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), storeCount(app, "SELECT COUNT(*) FROM accounts"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(LedgerLifecycleTest);
