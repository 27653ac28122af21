// Mint, Actual and YNAB exports over the API (docs/imports.md §6.4-§6.6, §12.1): uploaded with
// publish=true and no mapping step, they reach `complete`; the accounts they created show
// their balances through GET /api/v1/balances; the store holds the categories and entries.
#include "FormatsSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;
using Strings = std::vector<std::string>;

class BudgetFormatsApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BudgetFormatsApiTest);
    CPPUNIT_TEST(mintPublishes);
    CPPUNIT_TEST(actualPublishes);
    CPPUNIT_TEST(ynabPublishes);
    CPPUNIT_TEST(malformedCsvIs422);
    CPPUNIT_TEST_SUITE_END();

    static std::string publishFixture(AppHarness& app, const std::string& key,
                                      const std::string& type, const std::string& file) {
        auto created = uploadFile(app, key, type, file, "text/csv", fixture(file));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto data = jsonObject(created)->getObject("data");
        // The answer is the import as queued, however fast the worker is.
        CPPUNIT_ASSERT_EQUAL(std::string("importing"), data->getValue<std::string>("status"));
        const std::string id = data->getValue<std::string>("id");
        auto detail = importDetail(app, key, id);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(detail->optValue<std::string>("error", ""),
                                     std::string("complete"),
                                     detail->getValue<std::string>("status"));
        return id;
    }

public:
    void mintPublishes() {
        AppHarness app;
        const std::string key = app.createKey("Mint family");
        const std::string id = publishFixture(app, key, "MintImport", "mint.csv");
        // docs/decisions.md D46: the `credit` rows (−2500.00 paycheck, −45.67) are income, not
        // spending.
        CPPUNIT_ASSERT_EQUAL(std::string("$782.19"),
                             latestBalance(app, key, "Checking Account").first);
        CPPUNIT_ASSERT(latestBalance(app, key, "Checking Account") ==
                       std::make_pair(std::string("$782.19"), int64_t(78219)));
        CPPUNIT_ASSERT(latestBalance(app, key, "Credit Card") ==
                       std::make_pair(std::string("-$31.82"), int64_t(-3182)));
        CPPUNIT_ASSERT_EQUAL(
            std::size_t(10),
            column(app, "SELECT id FROM entries WHERE import_id = ?", {id}).size());
        CPPUNIT_ASSERT(column(app, "SELECT name FROM tags ORDER BY name") ==
                       Strings({"Entertainment", "Health", "Income"}));
        CPPUNIT_ASSERT_EQUAL(std::size_t(10), column(app, "SELECT name FROM categories").size());
        CPPUNIT_ASSERT(column(app, "SELECT e.amount FROM entries e JOIN transactions t ON "
                                   "t.entry_id = e.id JOIN categories c ON c.id = t.category_id "
                                   "WHERE c.name = 'Gym'") == Strings({"4999000000"}));
    }

    void actualPublishes() {
        AppHarness app;
        const std::string key = app.createKey("Actual family");
        publishFixture(app, key, "ActualImport", "actual.csv");
        CPPUNIT_ASSERT(latestBalance(app, key, "Checking Account") ==
                       std::make_pair(std::string("$750.43"), int64_t(75043)));
        CPPUNIT_ASSERT(latestBalance(app, key, "Credit Card") ==
                       std::make_pair(std::string("-$4.25"), int64_t(-425)));
        // `Group: Category` keys create the parent and the child.
        CPPUNIT_ASSERT(column(app, "SELECT c.name || '<' || p.name FROM categories c JOIN "
                                   "categories p ON p.id = c.parent_id ORDER BY c.name") ==
                       Strings({"Coffee<Food", "Paycheck<Income", "Rent<Housing"}));
        CPPUNIT_ASSERT(column(app, "SELECT name FROM entries WHERE amount = -43000000") ==
                       Strings({"Reconciliation balance adjustment"}));
    }

    void ynabPublishes() {
        AppHarness app;
        const std::string key = app.createKey("Ynab family");
        publishFixture(app, key, "YnabImport", "ynab.csv");
        CPPUNIT_ASSERT(latestBalance(app, key, "Checking") ==
                       std::make_pair(std::string("$750.43"), int64_t(75043)));
        CPPUNIT_ASSERT(latestBalance(app, key, "Credit Card") ==
                       std::make_pair(std::string("-$4.25"), int64_t(-425)));
        CPPUNIT_ASSERT(column(app, "SELECT name FROM entries WHERE amount = 150000000000") ==
                       Strings({"Landlord"}));
        CPPUNIT_ASSERT(column(app, "SELECT c.name || '<' || p.name FROM categories c JOIN "
                                   "categories p ON p.id = c.parent_id ORDER BY c.name") ==
                       Strings({"Coffee<Food", "Paycheck<Income", "Rent<Housing"}));
    }

    void malformedCsvIs422() {
        AppHarness app;
        const std::string key = app.createKey("Broken");
        auto r = uploadFile(app, key, "YnabImport", "bad.csv", "text/csv",
                            "Date,Payee,Outflow\n01/02/2024,\"open,1\n");
        CPPUNIT_ASSERT_EQUAL(422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_csv"),
                             jsonObject(r)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unclosed quoted field (line 2)"),
            jsonObject(r)->getValue<std::string>("message"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BudgetFormatsApiTest);
