// Real bank CSV exports (tests/fixtures/realworld/csv, README rows) imported over the API with
// the options a user would pick (docs/decisions.md D37-D42, D53): counts, sums in cents and dates.
#include "FormatsSupport.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

using namespace finimport::test;
using Strings = std::vector<std::string>;
using Fields = std::vector<std::pair<std::string, std::string>>;

class CsvRealWorldApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CsvRealWorldApiTest);
    CPPUNIT_TEST(raiffeisenPipeHeaderlessSchillings);
    CPPUNIT_TEST(beangulpTrailingComma);
    CPPUNIT_TEST(gnucashDoubleCaretQif);
    CPPUNIT_TEST(reckonHeaderlessFiles);
    CPPUNIT_TEST(reckonPreambleRowsToSkip);
    CPPUNIT_TEST(ukCardPendingRowsAreInvalid);
    CPPUNIT_TEST_SUITE_END();

    static Poco::JSON::Object::Ptr publish(AppHarness& app, const std::string& key,
                                           const std::string& file, const Fields& fields) {
        auto created = uploadFile(app, key, "TransactionImport", file, "text/csv",
                                  fixture("../realworld/csv/" + file), fields);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        std::ostringstream text;
        detail->stringify(text);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(text.str(), std::string("complete"),
                                     detail->getValue<std::string>("status"));
        return detail;
    }

public:
    // kta_ei.dat: `|`, an account record to skip, no header, `%Y%m%d`, amounts in ATS that
    // bank2ynab converts with the factor 13.760300331 (docs/decisions.md D53 divisor); the memos
    // name the EUR.
    void raiffeisenPipeHeaderlessSchillings() {
        AppHarness app;
        const std::string key = app.createKey("Raiffeisen family");
        const std::string account = makeAccount(app, key, "Giro", "EUR");
        auto detail = publish(app, key, "bank2ynab__bank2ynab__kta_ei.dat",
                              {{"publish", "true"},
                               {"account_id", account},
                               {"col_sep", "|"},
                               {"rows_to_skip", "1"},
                               {"has_header", "false"},
                               {"date_format", "%Y%m%d"},
                               {"date_col_label", "#3"},
                               {"name_col_label", "#4"},
                               {"notes_col_label", "#2"},
                               {"amount_col_label", "#5"},
                               {"amount_divisor", "13.760300331"}});
        auto config = detail->getObject("configuration");
        CPPUNIT_ASSERT_EQUAL(std::string("|"), config->getValue<std::string>("col_sep"));
        CPPUNIT_ASSERT_EQUAL(std::string("false"), config->getValue<std::string>("has_header"));
        CPPUNIT_ASSERT_EQUAL(std::string("13.760300331"),
                             config->getValue<std::string>("amount_divisor"));
        CPPUNIT_ASSERT(
            column(app,
                   "SELECT amount FROM entries WHERE account_id = ? AND "
                   "entryable_type = 'Transaction' ORDER BY date, CAST(amount AS BIGINT)",
                   {account}) == Strings({"450000000", "649000000", "796000000", "1287000000",
                                          "1655000000", "4990000000", "7148000000", "10850000000",
                                          "14650000000", "995000000", "1240000000"}));
        CPPUNIT_ASSERT(column(app,
                              "SELECT SUM(amount) FROM entries WHERE account_id = ? AND "
                              "entryable_type = 'Transaction'",
                              {account}) == Strings({"44710000000"})); // 447.10 EUR out
        CPPUNIT_ASSERT(column(app,
                              "SELECT MIN(date) || ' ' || MAX(date) FROM entries WHERE "
                              "account_id = ? AND entryable_type = 'Transaction'",
                              {account}) == Strings({"2019-03-11 2019-03-13"}));
    }

    // beangulp statement.csv: every line ends with a comma (an empty 8th column).
    void beangulpTrailingComma() {
        AppHarness app;
        const std::string key = app.createKey("Chase family");
        const std::string account = makeAccount(app, key, "Checking", "USD");
        publish(app, key, "beancount__beangulp__statement.csv",
                {{"publish", "true"},
                 {"account_id", account},
                 {"date_col_label", "Posting Date"},
                 {"name_col_label", "Description"}});
        CPPUNIT_ASSERT(column(app,
                              "SELECT COUNT(*) || ' ' || SUM(amount) FROM entries WHERE "
                              "account_id = ? AND entryable_type = 'Transaction'",
                              {account}) == Strings({"6 149016000000"})); // net −1490.16
        CPPUNIT_ASSERT(column(app,
                              "SELECT MIN(date) || ' ' || MAX(date) FROM entries WHERE "
                              "account_id = ? AND entryable_type = 'Transaction'",
                              {account}) == Strings({"2016-03-04 2016-03-18"}));
    }

    static std::string countAndSum(AppHarness& app, const std::string& account) {
        return column(app,
                      "SELECT COUNT(*) || ' ' || SUM(amount) FROM entries WHERE account_id = ? "
                      "AND entryable_type = 'Transaction'",
                      {account})
            .at(0);
    }

    // reckon's headerless files: split paid-in/paid-out columns with `£`/`$` and `+`, and an
    // Austrian `;` file with `+120,00`; the nets are reckon's (money in positive).
    void reckonHeaderlessFiles() {
        AppHarness app;
        const std::string key = app.createKey("Reckon family");
        const std::string uk = makeAccount(app, key, "Nationwide", "GBP");
        publish(app, key, "cantino__reckon__nationwide.csv",
                {{"publish", "true"},
                 {"account_id", uk},
                 {"has_header", "false"},
                 {"date_format", "%d %b %Y"},
                 {"date_col_label", "#1"},
                 {"name_col_label", "#2"},
                 {"amount_type_strategy", "split_columns"},
                 {"outflow_col_label", "#4"},
                 {"inflow_col_label", "#5"}});
        CPPUNIT_ASSERT_EQUAL(std::string("4 -36023000000"), countAndSum(app, uk)); // net +360.23
        const std::string us = makeAccount(app, key, "TwoColumns", "USD");
        publish(app, key, "cantino__reckon__two_money_columns.csv",
                {{"publish", "true"},
                 {"account_id", us},
                 {"has_header", "false"},
                 {"date_col_label", "#1"},
                 {"name_col_label", "#2"},
                 {"amount_type_strategy", "split_columns"},
                 {"outflow_col_label", "#4"},
                 {"inflow_col_label", "#5"}});
        CPPUNIT_ASSERT_EQUAL(std::string("5 54851000000"), countAndSum(app, us)); // net −548.51
        const std::string at = makeAccount(app, key, "Easy", "EUR");
        publish(app, key, "cantino__reckon__austrian_example.csv",
                {{"publish", "true"},
                 {"account_id", at},
                 {"has_header", "false"},
                 {"col_sep", ";"},
                 {"number_format", "1.234,56"},
                 {"date_format", "%d.%m.%Y"},
                 {"date_col_label", "#3"},
                 {"name_col_label", "#2"},
                 {"amount_col_label", "#5"}});
        CPPUNIT_ASSERT_EQUAL(std::string("13 14957000000"), countAndSum(app, at)); // net −149.57
    }

    // reckon's invalid_header_example: 3 preamble lines (`-`, an Excel formula, a blank line)
    // before the header on line 4, so rows_to_skip counts 3 physical lines (docs/decisions.md D54).
    void reckonPreambleRowsToSkip() {
        AppHarness app;
        const std::string key = app.createKey("French family");
        const std::string account = makeAccount(app, key, "Compte", "EUR");
        publish(app, key, "cantino__reckon__invalid_header_example.csv",
                {{"publish", "true"},
                 {"account_id", account},
                 {"rows_to_skip", "3"},
                 {"col_sep", ";"},
                 {"number_format", "1.234,56"},
                 {"date_format", "%d/%m/%Y"},
                 {"date_col_label", "Date de l'op\u00E9ration"},
                 {"name_col_label", "Libell\u00E9"},
                 {"amount_col_label", "Montant de l'op\u00E9ration"}});
        CPPUNIT_ASSERT_EQUAL(std::string("2 -4190000000"), countAndSum(app, account));
        CPPUNIT_ASSERT(column(app,
                              "SELECT date FROM entries WHERE account_id = ? AND entryable_type = "
                              "'Transaction' ORDER BY date",
                              {account}) == Strings({"2016-02-18", "2016-02-19"}));
    }

    // MS_JANE_SMITH: BOM, `£67.40`, `"+ £1,100.00",CR` (the CR flag marks the payment,
    // docs/decisions.md D41 decorations); the 3 `Pending` dates are invalid rows, never guessed.
    void ukCardPendingRowsAreInvalid() {
        AppHarness app;
        const std::string key = app.createKey("Card family");
        const std::string account = makeAccount(app, key, "Card", "GBP");
        auto created = uploadFile(
            app, key, "TransactionImport", "jane.csv", "text/csv",
            fixture(
                "../realworld/csv/bank2ynab__bank2ynab__MS_JANE_SMITH_01-12-2019_14-12-2019.csv"),
            {{"publish", "false"},
             {"account_id", account},
             {"date_format", "%d-%b-%Y"},
             {"date_col_label", "Date Processed"},
             {"name_col_label", "Description"},
             {"amount_type_strategy", "custom_column"},
             {"entity_type_col_label", "#4"},
             {"amount_type_inflow_value", "CR"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), detail->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(13, detail->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(3, detail->getObject("stats")->getValue<int>("invalid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(10, detail->getObject("stats")->getValue<int>("valid_rows_count"));
    }

    // GnuCash swipe.qif: `^^` ends each of its 11 records (docs/decisions.md D47).
    void gnucashDoubleCaretQif() {
        AppHarness app;
        const std::string key = app.createKey("Gnucash family");
        auto created = uploadFile(app, key, "QifImport", "swipe.qif", "application/qif",
                                  fixture("../realworld/qif/Gnucash__gnucash__swipe.qif"),
                                  {{"publish", "false"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        // 11 records, plus the transfer to ABC Bank of each of the 3 `…X` actions
        // (docs/decisions.md D66).
        CPPUNIT_ASSERT_EQUAL(14, detail->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(0, detail->getObject("stats")->getValue<int>("invalid_rows_count"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CsvRealWorldApiTest);
