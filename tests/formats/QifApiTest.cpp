// QIF over the API (docs/imports.md §6.10, §12.7, docs/decisions.md D11, D16): sections map to
// accounts by name with no mapping step, splits become split transactions, `[Account]` creates
// linked transfer pairs, opening balances become opening anchors that revert removes, investment
// actions become trades or cash transactions, and the date pattern used is echoed.
#include "FormatsSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;
using Strings = std::vector<std::string>;

class QifApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(QifApiTest);
    CPPUNIT_TEST(sampleWithTransferAndTags);
    CPPUNIT_TEST(splitsBecomeChildren);
    CPPUNIT_TEST(openingBalanceIsRevertedWithTheImport);
    CPPUNIT_TEST(revertTakesSplitsTransfersAndTagsOfOneImport);
    CPPUNIT_TEST(investmentTradesAndCash);
    CPPUNIT_TEST(datePatternIsDetectedAndEchoed);
    CPPUNIT_TEST(explicitDateFormatWins);
    CPPUNIT_TEST(multiAccountTransferPairsOnce);
    CPPUNIT_TEST(accountIdTakesEverySection);
    CPPUNIT_TEST(malformedQifIs422);
    CPPUNIT_TEST(wrongFileTypeIs422);
    CPPUNIT_TEST_SUITE_END();

    static Poco::JSON::Object::Ptr
    publishQif(AppHarness& app, const std::string& key, const std::string& file,
               std::vector<std::pair<std::string, std::string>> fields = {{"publish", "true"}}) {
        auto created =
            uploadFile(app, key, "QifImport", file, "application/qif", fixture(file), fields);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto id = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        return importDetail(app, key, id);
    }

    static void assertComplete(const Poco::JSON::Object::Ptr& detail) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(detail->optValue<std::string>("error", ""),
                                     std::string("complete"),
                                     detail->getValue<std::string>("status"));
    }

public:
    void sampleWithTransferAndTags() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        assertComplete(publishQif(app, key, "qif/sample.qif"));
        CPPUNIT_ASSERT(latestBalance(app, key, "QIF Credit Card") ==
                       std::make_pair(std::string("-$28,099.00"), int64_t(-2809900)));
        CPPUNIT_ASSERT(latestBalance(app, key, "Savings Account") ==
                       std::make_pair(std::string("$28,500.00"), int64_t(2850000)));
        // The transfer pair: outflow on the card, inflow on savings, both funds_movement.
        CPPUNIT_ASSERT(column(app, "SELECT o.name || '|' || o.amount || '|' || i.amount FROM "
                                   "transfers t JOIN entries o ON o.id = t.outflow_transaction_id "
                                   "JOIN entries i ON i.id = t.inflow_transaction_id") ==
                       Strings({"Transfer Out|2850000000000|-2850000000000"}));
        CPPUNIT_ASSERT(column(app, "SELECT kind FROM transactions ORDER BY kind") ==
                       Strings({"funds_movement", "funds_movement", "standard", "standard"}));
        CPPUNIT_ASSERT(column(app, "SELECT e.name FROM transaction_tags tt JOIN tags g ON "
                                   "g.id = tt.tag_id JOIN entries e ON e.id = tt.entry_id WHERE "
                                   "g.name = 'TRIP2025'") == Strings({"Payment Received"}));
        // docs/decisions.md D66: the file's `!Type:Cat` records create Restaurants (under Food &
        // Dining) and Salary too.
        CPPUNIT_ASSERT(column(app, "SELECT name FROM categories ORDER BY name") ==
                       Strings({"Fees & Charges", "Food & Dining", "Restaurants", "Salary"}));
        CPPUNIT_ASSERT(column(app, "SELECT c.name FROM categories c JOIN categories p ON p.id = "
                                   "c.parent_id WHERE p.name = 'Food & Dining'") ==
                       Strings({"Restaurants"}));
    }

    void splitsBecomeChildren() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        assertComplete(publishQif(app, key, "qif/splits.qif"));
        CPPUNIT_ASSERT(latestBalance(app, key, "QIF Bank Account") ==
                       std::make_pair(std::string("-$225.00"), int64_t(-22500)));
        CPPUNIT_ASSERT(
            column(app, "SELECT c.amount || ' ' || cat.name || ' ' || c.notes FROM "
                        "entries c JOIN entries p ON p.id = c.parent_entry_id JOIN "
                        "transactions t ON t.entry_id = c.id JOIN categories cat ON "
                        "cat.id = t.category_id WHERE p.excluded = 1 ORDER BY c.amount") ==
            Strings({"5000000000 Household Supplies", "10000000000 Food & Dining Groceries"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries WHERE excluded = 1") ==
                       Strings({"1"}));
    }

    void openingBalanceIsRevertedWithTheImport() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto detail = publishQif(app, key, "qif/opening_balance.qif");
        assertComplete(detail);
        CPPUNIT_ASSERT(column(app, "SELECT e.date || ' ' || e.amount FROM entries e JOIN "
                                   "valuations v ON v.entry_id = e.id WHERE v.kind = "
                                   "'opening_anchor'") == Strings({"2020-01-01 50000000000"}));
        CPPUNIT_ASSERT(latestBalance(app, key, "QIF Bank Account") ==
                       std::make_pair(std::string("$575.00"), int64_t(57500)));
        auto reverted = app.postJson(
            "/api/v1/imports/" + detail->getValue<std::string>("id") + "/revert", "{}", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(reverted.body, 200, reverted.status);
        app.waitForJobs();
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM valuations") == Strings({"0"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries") == Strings({"0"}));
    }

    // Revert deletes an import's entries set-wise (EntryStore::deleteCreatedBy): the split
    // children with their parent, the transfer pair, the tags and every payload row, and
    // nothing of the import published beside it.
    void revertTakesSplitsTransfersAndTagsOfOneImport() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto sample = publishQif(app, key, "qif/sample.qif");
        assertComplete(sample);
        assertComplete(publishQif(app, key, "qif/splits.qif"));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries WHERE parent_entry_id IS NOT "
                                   "NULL") == Strings({"2"}));
        const Strings splitsEntries =
            column(app, "SELECT e.name || ' ' || e.amount FROM entries e JOIN accounts a ON a.id = "
                        "e.account_id WHERE a.name = 'QIF Bank Account' ORDER BY e.amount, e.name");
        CPPUNIT_ASSERT_EQUAL(size_t(4), splitsEntries.size()); // a parent, 2 children, 1 more
        const Strings splitsPayload =
            column(app, "SELECT COUNT(*) FROM transactions t JOIN entries e ON e.id = t.entry_id "
                        "JOIN accounts a ON a.id = e.account_id WHERE a.name = 'QIF Bank Account'");

        auto reverted = app.postJson(
            "/api/v1/imports/" + sample->getValue<std::string>("id") + "/revert", "{}", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(reverted.body, 200, reverted.status);
        app.waitForJobs();
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM transfers") == Strings({"0"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM transaction_tags") == Strings({"0"}));
        CPPUNIT_ASSERT(column(app, "SELECT e.name || ' ' || e.amount FROM entries e ORDER BY "
                                   "e.amount, e.name") == splitsEntries);
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM transactions") == splitsPayload);
        CPPUNIT_ASSERT(latestBalance(app, key, "QIF Bank Account") ==
                       std::make_pair(std::string("-$225.00"), int64_t(-22500)));
    }

    void investmentTradesAndCash() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        assertComplete(publishQif(app, key, "qif/investment.qif"));
        CPPUNIT_ASSERT(column(app, "SELECT s.ticker || ' ' || t.qty || ' ' || t.price || ' ' || "
                                   "e.amount || ' ' || t.investment_activity_label FROM trades t "
                                   "JOIN entries e ON e.id = t.entry_id JOIN securities s ON "
                                   "s.id = t.security_id ORDER BY s.ticker") ==
                       Strings({"ACME 200000000 6610000000 13220000000 Buy",
                                "CORP -300000000 4500000000 -13500000000 Sell"}));
        CPPUNIT_ASSERT(column(app, "SELECT e.name || ' ' || e.amount FROM entries e JOIN "
                                   "transactions t ON t.entry_id = e.id ORDER BY e.amount") ==
                       Strings({"Monthly Deposit -800000000000", "Dividend: ACME -19075000000"}));
    }

    void datePatternIsDetectedAndEchoed() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto detail = publishQif(app, key, "qif/european_dates_bank.qif", {});
        CPPUNIT_ASSERT_EQUAL(
            std::string("%d/%m/%Y"),
            detail->getObject("configuration")->getValue<std::string>("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), detail->getValue<std::string>("status"));
        CPPUNIT_ASSERT(detail->getObject("status_detail")->getValue<bool>("publishable"));
    }

    void explicitDateFormatWins() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto detail = publishQif(app, key, "qif/european_dates.qif",
                                 {{"publish", "true"}, {"date_format", "%d/%m/%Y"}});
        assertComplete(detail);
        CPPUNIT_ASSERT_EQUAL(
            std::string("%d/%m/%Y"),
            detail->getObject("configuration")->getValue<std::string>("date_format"));
        CPPUNIT_ASSERT(column(app, "SELECT date FROM entries ORDER BY date") ==
                       Strings({"2020-06-04", "2021-03-29"}));
    }

    static constexpr const char* kTwoAccounts =
        "!Account\nNChecking\nTBank\n^\n!Type:Bank\nD01/02/2024\nT-100.00\nPTo savings\n"
        "L[Savings]\n^\nD01/03/2024\nT-20.00\nPCafe\nLFood\n^\n"
        "!Account\nNSavings\nTBank\n^\n!Type:Bank\nD01/02/2024\nT100.00\nPFrom checking\n"
        "L[Checking]\n^\n";

    void multiAccountTransferPairsOnce() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto created =
            uploadFile(app, key, "QifImport", "two.qif", "application/qif", kTwoAccounts);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        assertComplete(importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id")));
        // Both legs are in the file: they are paired, no third entry is made.
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries") == Strings({"3"}));
        CPPUNIT_ASSERT(column(app,
                              "SELECT o.name || '>' || i.name FROM transfers t JOIN entries "
                              "o ON o.id = t.outflow_transaction_id JOIN entries i ON i.id = "
                              "t.inflow_transaction_id") == Strings({"To savings>From checking"}));
        CPPUNIT_ASSERT(latestBalance(app, key, "Checking") ==
                       std::make_pair(std::string("-$120.00"), int64_t(-12000)));
        CPPUNIT_ASSERT(latestBalance(app, key, "Savings") ==
                       std::make_pair(std::string("$100.00"), int64_t(10000)));
    }

    void accountIdTakesEverySection() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto account = app.postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,Main,10.00,USD,2023-12-01\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, account.status);
        app.waitForJobs();
        const std::string mainId = column(app, "SELECT id FROM accounts WHERE name = 'Main'").at(0);
        auto created = uploadFile(app, key, "QifImport", "two.qif", "application/qif", kTwoAccounts,
                                  {{"publish", "true"}, {"account_id", mainId}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        assertComplete(importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id")));
        // Every section's rows land on Main; the transfers name accounts, created by name.
        CPPUNIT_ASSERT(column(app,
                              "SELECT a.name || ' ' || e.amount FROM entries e JOIN accounts a "
                              "ON a.id = e.account_id WHERE e.entryable_type = 'Transaction' "
                              "ORDER BY a.name, e.amount") ==
                       Strings({"Checking 10000000000", "Main -10000000000", "Main 2000000000",
                                "Main 10000000000", "Savings -10000000000"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM transfers") == Strings({"2"}));
    }

    void malformedQifIs422() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto r =
            uploadFile(app, key, "QifImport", "x.qif", "application/qif", "D1/1/2024\nT5\n^\n");
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_qif"),
                             jsonObject(r)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("The QIF could not be parsed: no !Type: header was found"),
                             jsonObject(r)->getValue<std::string>("message"));
    }

    void wrongFileTypeIs422() {
        AppHarness app;
        const std::string key = app.createKey("Qif family");
        auto r = uploadFile(app, key, "QifImport", "x.pdf", "application/pdf", "!Type:Bank\n");
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Invalid file type. Please upload a QIF file."),
                             jsonObject(r)->getValue<std::string>("message"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(QifApiTest);
