// Golden files: each reference fixture through the built finimport_csv.so, every callback as
// a JSON line. FINIMPORT_UPDATE_GOLDEN=1 rewrites tests/plugins/golden/*.jsonl (review the diff).
#include "PluginHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <string>

namespace {

struct GoldenCase {
    const char* golden;
    const char* importer;
    const char* fixture; // relative to FINIMPORT_FIXTURES_DIR
    harness::OptionList options;
};

void checkGolden(const GoldenCase& c) {
    const fi_plugin& plugin = harness::loadPlugin("finimport_csv.so");
    const std::string content =
        harness::readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/" + c.fixture);
    // A small read size exercises the reader's refills across record boundaries.
    const auto result =
        harness::run(harness::findImporter(plugin, c.importer), content, c.options, {7, -1});
    const std::string path = std::string(FINIMPORT_GOLDEN_DIR) + "/" + c.golden;
    if (std::getenv("FINIMPORT_UPDATE_GOLDEN") != nullptr) harness::writeFile(path, result.text());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(c.golden, harness::readFile(path), result.text());
    // The same input in one read gives the same records.
    const auto whole = harness::run(harness::findImporter(plugin, c.importer), content, c.options);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(c.golden, result.text(), whole.text());
}

const harness::OptionList kUsd = {{"type", "TransactionImport"}, {"default_currency", "USD"}};

} // namespace

class CsvGoldenTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CsvGoldenTest);
    CPPUNIT_TEST(transactions);
    CPPUNIT_TEST(validWithBadDate);
    CPPUNIT_TEST(headerOnly);
    CPPUNIT_TEST(accounts);
    CPPUNIT_TEST(trades);
    CPPUNIT_TEST(categories);
    CPPUNIT_TEST(categoriesParentLater);
    CPPUNIT_TEST(rules);
    CPPUNIT_TEST(rulesWithUnescapedQuotes);
    CPPUNIT_TEST_SUITE_END();

public:
    void transactions() {
        checkGolden({"transactions.jsonl",
                     "csv.transactions",
                     "transactions.csv",
                     {{"type", "TransactionImport"},
                      {"default_currency", "USD"},
                      {"date_format", "%Y-%m-%d"}}});
    }
    void validWithBadDate() {
        checkGolden({"valid.jsonl",
                     "csv.transactions",
                     "valid.csv",
                     {{"default_currency", "USD"}, {"date_format", "%Y-%m-%d"}}});
    }
    void headerOnly() { checkGolden({"invalid.jsonl", "csv.transactions", "invalid.csv", kUsd}); }
    void accounts() {
        checkGolden({"accounts.jsonl",
                     "csv.accounts",
                     "accounts.csv",
                     {{"type", "AccountImport"}, {"default_currency", "EUR"}}});
    }
    void trades() {
        checkGolden(
            {"trades.jsonl",
             "csv.trades",
             "trades.csv",
             {{"type", "TradeImport"}, {"default_currency", "USD"}, {"date_format", "%Y-%m-%d"}}});
    }
    void categories() {
        checkGolden({"categories.jsonl",
                     "csv.categories",
                     "csv/categories.csv",
                     {{"type", "CategoryImport"}}});
    }
    void categoriesParentLater() {
        checkGolden({"categories_parent_later.jsonl",
                     "csv.categories",
                     "csv/categories_parent_later.csv",
                     {{"type", "CategoryImport"}}});
    }
    void rules() {
        checkGolden({"rules.jsonl", "csv.rules", "csv/rules.csv", {{"type", "RuleImport"}}});
    }
    void rulesWithUnescapedQuotes() {
        checkGolden({"rules_unescaped_quotes.jsonl",
                     "csv.rules",
                     "csv/rules_unescaped_quotes.csv",
                     {{"type", "RuleImport"}, {"rows_to_skip", "1"}}});
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CsvGoldenTest);
