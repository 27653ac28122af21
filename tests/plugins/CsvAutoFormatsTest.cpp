// `col_sep=auto`, `date_format=auto`, `number_format=auto` in the CSV plugin (docs/decisions.md
// D37, D45, D55): decided from every row before any is sent, echoed in the final `meta` record;
// undecidable → no data row and the meta record's `error`.
#include "PluginHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

namespace {

using Strings = std::vector<std::string>;

harness::RunResult runCsv(const std::string& importer, const std::string& content,
                          harness::OptionList options) {
    const fi_plugin& plugin = harness::loadPlugin("finimport_csv.so");
    options.emplace_back("default_currency", "USD");
    return harness::run(harness::findImporter(plugin, importer), content, options);
}

const harness::OptionList kAuto = {
    {"col_sep", "auto"}, {"date_format", "auto"}, {"number_format", "auto"}};

// The meta record (the last row): col_sep, date_format, number_format, error.
Strings meta(harness::RunResult& r) {
    auto& last = r.rows.back();
    Strings out;
    for (const char* f : {"col_sep", "date_format", "number_format", "error"})
        out.push_back(last.count(f) == 0 ? "<missing>" : last[f] ? *last[f] : "<null>");
    return out;
}

} // namespace

class CsvAutoFormatsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CsvAutoFormatsTest);
    CPPUNIT_TEST(decidesAndEchoes);
    CPPUNIT_TEST(tabAndPipeAreSniffed);
    CPPUNIT_TEST(ambiguousDatesSendNoRow);
    CPPUNIT_TEST(ambiguousNumbersSendNoRow);
    CPPUNIT_TEST(datesOutsideTheWindowDoNotDecide);
    CPPUNIT_TEST(blankDateColumnKeepsTheDefault);
    CPPUNIT_TEST(splitColumnsAndRowsToSkip);
    CPPUNIT_TEST(explicitFormatsSendNoMeta);
    CPPUNIT_TEST(categoriesSniffTheSeparator);
    CPPUNIT_TEST_SUITE_END();

public:
    void decidesAndEchoes() {
        auto r = runCsv("csv.transactions",
                        "date;amount;name\n13.01.2024;-1.234,50;A\n02.02.2024;+12,00;B\n", kAuto);
        CPPUNIT_ASSERT(r.errors.empty());
        CPPUNIT_ASSERT(r.column("date") == Strings({"2024-01-13", "2024-02-02", "<missing>"}));
        CPPUNIT_ASSERT(r.column("signed_amount") == Strings({"1234.50", "-12.00", "<missing>"}));
        CPPUNIT_ASSERT(meta(r) == Strings({";", "%d.%m.%Y", "1.234,56", "<null>"}));
    }

    void tabAndPipeAreSniffed() {
        auto tab = runCsv("csv.transactions",
                          "date\tamount\tname\n2024-01-13\t1,5\tA, B\n2024-01-14\t2\tC\n", kAuto);
        CPPUNIT_ASSERT(tab.column("name") == Strings({"A, B", "C", "<missing>"}));
        CPPUNIT_ASSERT(meta(tab) == Strings({"\t", "%Y-%m-%d", "1.234,56", "<null>"}));
        auto pipe = runCsv("csv.transactions", "date|amount\n2024-01-13|1.50\n", kAuto);
        CPPUNIT_ASSERT(meta(pipe) == Strings({"|", "%Y-%m-%d", "1,234.56", "<null>"}));
    }

    // `2/1/2020` and `3/1/2020` fit day-first and month-first with different dates
    // (docs/decisions.md D55).
    void ambiguousDatesSendNoRow() {
        auto r = runCsv("csv.transactions", "date,amount\n2/1/2020,1.00\n3/1/2020,2.00\n", kAuto);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.rows.size()); // the meta record only
        CPPUNIT_ASSERT(meta(r) == Strings({",", "<null>", "<null>",
                                           "Date format is ambiguous; send date_format"}));
        // One day-first sample decides it: 13/1/2020 cannot be month-first.
        auto decided =
            runCsv("csv.transactions", "date,amount\n2/1/2020,1.00\n13/1/2020,2.00\n", kAuto);
        CPPUNIT_ASSERT(decided.column("date") ==
                       Strings({"2020-01-02", "2020-01-13", "<missing>"}));
    }

    void ambiguousNumbersSendNoRow() {
        auto r =
            runCsv("csv.transactions", "date,amount\n2024-01-02,\"1,234\"\n2024-01-03,12\n", kAuto);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.rows.size());
        CPPUNIT_ASSERT(meta(r) == Strings({",", "<null>", "<null>",
                                           "Number format is ambiguous; send number_format"}));
    }

    // D1's window bounds detection: the anonymised `1111/11/11` fits no pattern there.
    void datesOutsideTheWindowDoNotDecide() {
        auto r = runCsv("csv.transactions", "date;amount\n1111/11/11;-1,00\n", kAuto);
        CPPUNIT_ASSERT(meta(r) == Strings({";", "<null>", "<null>",
                                           "Date format is ambiguous; send date_format"}));
    }

    // Nothing to decide from: the rows say "Date is required" under the default pattern.
    void blankDateColumnKeepsTheDefault() {
        auto r = runCsv("csv.transactions", "when,amount\n2024-01-02,1.00\n", kAuto);
        CPPUNIT_ASSERT(r.errors == Strings({"1 required date: Date is required"}));
        CPPUNIT_ASSERT(meta(r) == Strings({",", "%m/%d/%Y", "1,234.56", "<null>"}));
    }

    void splitColumnsAndRowsToSkip() {
        auto r = runCsv("csv.transactions",
                        "Account;1\nDate,Out,In\n18/04/2018,\"1,006.66\",\n17/04/2018,,5.00\n",
                        {{"col_sep", "auto"},
                         {"date_format", "auto"},
                         {"number_format", "auto"},
                         {"rows_to_skip", "1"},
                         {"amount_type_strategy", "split_columns"},
                         {"outflow_col_label", "Out"},
                         {"inflow_col_label", "In"}});
        CPPUNIT_ASSERT(r.column("signed_amount") == Strings({"1006.66", "-5.00", "<missing>"}));
        CPPUNIT_ASSERT(meta(r) == Strings({",", "%d/%m/%Y", "1,234.56", "<null>"}));
    }

    void explicitFormatsSendNoMeta() {
        auto r = runCsv("csv.transactions", "date,amount\n2024-01-02,1.00\n",
                        {{"date_format", "%Y-%m-%d"}});
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.rows.size());
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-02"), r.column("date").at(0));
    }

    void categoriesSniffTheSeparator() {
        auto r = runCsv("csv.categories", "name;parent_category\nFood;\nGroceries;Food\n",
                        {{"col_sep", "auto"}});
        CPPUNIT_ASSERT(r.column("category_parent") == Strings({"", "Food", "<missing>"}));
        CPPUNIT_ASSERT_EQUAL(std::string(";"), *r.rows.back()["col_sep"]);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CsvAutoFormatsTest);
