// The acceptance suite for the files CsvRealWorldApiTest does not cover: every
// CSV, Mint, YNAB, Actual, QIF and PDF file of tests/fixtures/realworld/ imported over HTTP
// with the options a careful user would pick (README rows), asserting counts, sums in cents,
// first/last dates and the values the source projects assert. Auto formats (D37/D45/D55),
// docs/decisions.md D46 and D66 are checked on these files; re-importing a file creates nothing
// (D18).
#include "FormatsSupport.h"
#include "JsonText.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

using namespace finimport::test;
using Strings = std::vector<std::string>;
using Fields = std::vector<std::pair<std::string, std::string>>;

namespace {

// An uploaded import: its id and its detail after the job queue ran.
struct Imported {
    std::string id;
    Poco::JSON::Object::Ptr detail;

    std::string status() const { return detail->getValue<std::string>("status"); }
    int stat(const std::string& name) const {
        return detail->getObject("stats")->getValue<int>(name);
    }
    std::string config(const std::string& name) const {
        return detail->getObject("configuration")->optValue<std::string>(name, "<null>");
    }
    std::string error() const { return detail->optValue<std::string>("error", "<none>"); }
    bool publishable() const {
        return detail->getObject("status_detail")->getValue<bool>("publishable");
    }
};

// Exact cents of a canonical amount text ("-1,5" never occurs: the rows hold "-1.50").
int64_t cents(const std::string& amount) {
    const bool negative = !amount.empty() && amount[0] == '-';
    int64_t whole = 0, fraction = 0;
    int places = 0;
    bool dot = false;
    for (char c : amount) {
        if (c == '.') {
            dot = true;
        } else if (c >= '0' && c <= '9') {
            if (!dot) {
                whole = whole * 10 + (c - '0');
            } else if (places < 2) {
                fraction = fraction * 10 + (c - '0');
                ++places;
            }
        }
    }
    while (places++ < 2)
        fraction *= 10;
    return (negative ? -1 : 1) * (whole * 100 + fraction);
}

} // namespace

class RealWorldApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RealWorldApiTest);
    CPPUNIT_TEST(bunqAutoFormatsAndReimport);
    CPPUNIT_TEST(everyCsvWithAutoFormats);
    CPPUNIT_TEST(paypalAmbiguousDatesAreNotGuessed);
    CPPUNIT_TEST(ambiguousNumberFormatIsAnError);
    CPPUNIT_TEST(easybankCp1252EndBalance);
    CPPUNIT_TEST(ceskaSporitelnaAnonymisedDatesAreRefused);
    CPPUNIT_TEST(degiroRowsWithoutMoneyAreInvalid);
    CPPUNIT_TEST(ocbcContinuationRowsAreInvalid);
    CPPUNIT_TEST(hledgerWindows1252);
    CPPUNIT_TEST(mintExports);
    CPPUNIT_TEST(ynabAndActualExports);
    CPPUNIT_TEST(qifBankFiles);
    CPPUNIT_TEST(qifQuiffenFiles);
    CPPUNIT_TEST(qifSwipeTransfersToTheBank);
    CPPUNIT_TEST(pdfWithoutStatementTable);
    CPPUNIT_TEST_SUITE_END();

    static Imported upload(AppHarness& app, const std::string& key, const std::string& type,
                           const std::string& file, const std::string& contentType,
                           const Fields& fields) {
        auto created = uploadFile(app, key, type, file.substr(file.rfind('/') + 1), contentType,
                                  fixture("../realworld/" + file), fields);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        const std::string id = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        return {id, importDetail(app, key, id)};
    }

    static Imported published(AppHarness& app, const std::string& key, const std::string& type,
                              const std::string& file, const std::string& contentType,
                              Fields fields) {
        fields.emplace_back("publish", "true");
        Imported imported = upload(app, key, type, file, contentType, fields);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(jsonText(imported.detail), std::string("complete"),
                                     imported.status());
        return imported;
    }

    // "<count> <sum of stored amounts> <first date> <last date>" of an account's transactions
    // (stored sign: positive = money out, scaled by 10^8).
    static std::string ledger(AppHarness& app, const std::string& accountId) {
        return column(app,
                      "SELECT COUNT(*) || ' ' || SUM(amount) || ' ' || MIN(date) || ' ' || "
                      "MAX(date) FROM entries WHERE account_id = ? AND entryable_type = "
                      "'Transaction' AND excluded = 0",
                      {accountId})
            .at(0);
    }

    // The rows endpoint: every row of the import (≤ 100 here).
    static Poco::JSON::Array::Ptr rows(AppHarness& app, const std::string& key,
                                       const std::string& id) {
        auto r = app.get("/api/v1/imports/" + id + "/rows?per_page=100", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getArray("data");
    }

    static std::string field(const Poco::JSON::Array::Ptr& all, std::size_t index,
                             const std::string& name) {
        return all->getObject(static_cast<unsigned>(index))
            ->getObject("fields")
            ->optValue<std::string>(name, "<null>");
    }

    // Sum in cents of the valid rows' `amount` (money in positive, as the rows show it).
    static int64_t validCents(const Poco::JSON::Array::Ptr& all) {
        int64_t sum = 0;
        for (std::size_t i = 0; i < all->size(); ++i)
            if (all->getObject(static_cast<unsigned>(i))->getValue<bool>("valid"))
                sum += cents(field(all, i, "amount"));
        return sum;
    }

    // Every row's error messages, "<row>: <message>", in row order.
    static Strings rowErrors(const Poco::JSON::Array::Ptr& all) {
        Strings out;
        for (std::size_t i = 0; i < all->size(); ++i) {
            auto row = all->getObject(static_cast<unsigned>(i));
            auto errors = row->getArray("errors");
            for (std::size_t e = 0; e < errors->size(); ++e)
                out.push_back(std::to_string(row->getValue<int>("row_number")) + ": " +
                              errors->getElement<std::string>(static_cast<unsigned>(e)));
        }
        return out;
    }

public:
    // bunq: `,` with decimal commas inside quotes and ISO dates. Every format `auto` (D37/D45):
    // detected and echoed. Importing the same file again creates nothing (docs/decisions.md D18).
    void bunqAutoFormatsAndReimport() {
        AppHarness app;
        const std::string key = app.createKey("Bunq family");
        const std::string account = makeAccount(app, key, "Bunq", "EUR");
        const Fields fields = {{"account_id", account},     {"col_sep", "auto"},
                               {"date_format", "auto"},     {"number_format", "auto"},
                               {"date_col_label", "Datum"}, {"amount_col_label", "Bedrag"},
                               {"name_col_label", "Naam"},  {"notes_col_label", "Omschrijving"}};
        const std::string file =
            "csv/bank2ynab__bank2ynab__2018-04-14_10-52-13_bunq-transactieoverzicht.csv";
        auto first = published(app, key, "TransactionImport", file, "text/csv", fields);
        CPPUNIT_ASSERT_EQUAL(std::string(","), first.config("col_sep"));
        CPPUNIT_ASSERT_EQUAL(std::string("%Y-%m-%d"), first.config("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("1.234,56"), first.config("number_format"));
        // −2.56 + 750.00 − 18.90 = +728.54 in.
        CPPUNIT_ASSERT_EQUAL(std::string("3 -72854000000 2018-03-01 2018-03-09"),
                             ledger(app, account));
        CPPUNIT_ASSERT(column(app,
                              "SELECT name || ' ' || amount FROM entries WHERE account_id = ? "
                              "AND entryable_type = 'Transaction' ORDER BY date, name",
                              {account}) == Strings({"bunq 256000000", "Quality Nuts 1890000000",
                                                     "W. KOELEWIJN EO -75000000000"}));
        auto second = published(app, key, "TransactionImport", file, "text/csv", fields);
        CPPUNIT_ASSERT_EQUAL(3, second.stat("duplicate_rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("3 -72854000000 2018-03-01 2018-03-09"),
                             ledger(app, account));
    }

    // Every real CSV with col_sep, date_format and number_format `auto` and only the labels
    // (plus rows_to_skip / has_header) a user must give: what is detected, how many rows, how
    // many valid; where the dates cannot decide (a `Pending` date, `2/1/2020`, dates outside
    // D1's window) nothing is stored and the import says so (docs/decisions.md D55).
    void everyCsvWithAutoFormats() {
        AppHarness app;
        const std::string key = app.createKey("Auto family");
        const std::string ambiguous = "Date format is ambiguous; send date_format";
        struct Case {
            std::string file;
            Fields fields;
            Strings expected; // col_sep, date_format, number_format, rows, valid, error
        };
        const Fields split = {{"has_header", "false"},
                              {"date_col_label", "#1"},
                              {"amount_type_strategy", "split_columns"},
                              {"outflow_col_label", "#4"},
                              {"inflow_col_label", "#5"}};
        const std::vector<Case> cases = {
            {"bank2ynab__bank2ynab__kta_ei.dat",
             {{"rows_to_skip", "1"},
              {"has_header", "false"},
              {"date_col_label", "#3"},
              {"amount_col_label", "#5"}},
             {"|", "%Y%m%d", "1,234.56", "11", "11", "<none>"}},
            {"beancount__beangulp__statement.csv",
             {{"date_col_label", "Posting Date"}},
             {",", "%m/%d/%Y", "1,234.56", "6", "6", "<none>"}},
            {"cantino__reckon__austrian_example.csv",
             {{"has_header", "false"}, {"date_col_label", "#3"}, {"amount_col_label", "#5"}},
             {";", "%d.%m.%Y", "1.234,56", "13", "13", "<none>"}},
            {"cantino__reckon__invalid_header_example.csv",
             {{"rows_to_skip", "3"},
              {"date_col_label", "Date de l'op\u00E9ration"},
              {"amount_col_label", "Montant de l'op\u00E9ration"}},
             {";", "%d/%m/%Y", "1.234,56", "2", "2", "<none>"}},
            {"cantino__reckon__nationwide.csv",
             split,
             {",", "%d %b %Y", "1,234.56", "4", "4", "<none>"}},
            {"cantino__reckon__two_money_columns.csv",
             split,
             {",", "%m/%d/%Y", "1,234.56", "5", "5", "<none>"}},
            {"bank2ynab__bank2ynab__MS_JANE_SMITH_01-12-2019_14-12-2019.csv",
             {{"date_col_label", "Date Processed"}},
             {",", "auto", "auto", "0", "0", ambiguous}},
            {"bank2ynab__bank2ynab__2018-04-14_10-52-13_bunq-transactieoverzicht.csv",
             {{"date_col_label", "Datum"}, {"amount_col_label", "Bedrag"}},
             {",", "%Y-%m-%d", "1.234,56", "3", "3", "<none>"}},
            {"bank2ynab__bank2ynab__TH_20180101-20180523_page_1.csv",
             {{"date_col_label", "Posting date"}, {"amount_col_label", "Amount CZK"}},
             {";", "auto", "auto", "0", "0", ambiguous}},
            {"gpaulissen__ofxstatement-dutch__degiro_Account_20190101_20200317.csv",
             {{"date_col_label", "Datum"}, {"amount_col_label", "#9"}},
             {",", "%d-%m-%Y", "1.234,56", "30", "27", "<none>"}},
            {"nblock__ofxstatement-austrian__easybank-giro.csv",
             {{"has_header", "false"}, {"date_col_label", "#3"}, {"amount_col_label", "#5"}},
             {";", "%d.%m.%Y", "1.234,56", "10", "10", "<none>"}},
            {"OCA__bank-statement-import__paypal_statement_es.csv",
             {{"date_col_label", "Fecha"}, {"amount_col_label", "Neto"}},
             {",", "auto", "auto", "0", "0", ambiguous}},
            {"simonmichael__hledger__sample.fr.cp1252.csv",
             {{"date_col_label", "Date"}, {"amount_col_label", "Montant"}},
             {",", "%Y/%m/%d", "1,234.56", "3", "3", "<none>"}},
            {"bank2ynab__bank2ynab__TransactionHistory_20180418043121.csv",
             {{"rows_to_skip", "5"},
              {"date_col_label", "Transaction date"},
              {"amount_type_strategy", "split_columns"},
              {"outflow_col_label", "Withdrawals (SGD)"},
              {"inflow_col_label", "Deposits (SGD)"}},
             {",", "%d/%m/%Y", "1,234.56", "16", "8", "<none>"}},
        };
        for (const Case& c : cases) {
            Fields fields = c.fields;
            fields.insert(
                fields.end(),
                {{"col_sep", "auto"}, {"date_format", "auto"}, {"number_format", "auto"}});
            auto imported =
                upload(app, key, "TransactionImport", "csv/" + c.file, "text/csv", fields);
            const Strings got = {imported.config("col_sep"),
                                 imported.config("date_format"),
                                 imported.config("number_format"),
                                 std::to_string(imported.stat("rows_count")),
                                 std::to_string(imported.stat("valid_rows_count")),
                                 imported.error()};
            std::string shown;
            for (const auto& g : got)
                shown += "[" + g + "]";
            CPPUNIT_ASSERT_MESSAGE(c.file + " " + shown, got == c.expected);
        }
    }

    // PayPal ES: `2/1/2020` fits d/m/Y and m/d/Y with two different dates: `auto` never
    // guesses (docs/decisions.md D55): no row is stored, the import says why and cannot be
    // published. With the day-first format a user knows, the 4 rows import with their net amounts
    // (D: one transaction per row; the fee is inside the net).
    void paypalAmbiguousDatesAreNotGuessed() {
        AppHarness app;
        const std::string key = app.createKey("PayPal family");
        const std::string account = makeAccount(app, key, "PayPal", "EUR");
        const std::string file = "csv/OCA__bank-statement-import__paypal_statement_es.csv";
        Fields fields = {{"account_id", account},         {"date_format", "auto"},
                         {"number_format", "auto"},       {"date_col_label", "Fecha"},
                         {"amount_col_label", "Neto"},    {"name_col_label", "Nombre"},
                         {"currency_col_label", "Divisa"}};
        auto ambiguous = upload(app, key, "TransactionImport", file, "text/csv", fields);
        CPPUNIT_ASSERT_EQUAL(std::string("pending"), ambiguous.status());
        CPPUNIT_ASSERT_EQUAL(std::string("Date format is ambiguous; send date_format"),
                             ambiguous.error());
        CPPUNIT_ASSERT_EQUAL(0, ambiguous.stat("rows_count"));
        CPPUNIT_ASSERT(!ambiguous.publishable());
        auto refused = app.postJson("/api/v1/imports/" + ambiguous.id + "/publish", "{}", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(refused.body, 422, refused.status);
        auto errors = jsonObject(refused)->getArray("errors");
        CPPUNIT_ASSERT_EQUAL(std::string("Date format is ambiguous; send date_format"),
                             errors->getElement<std::string>(0));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM import_row_chunks WHERE import_id = ?",
                              {ambiguous.id}) == Strings({"0"}));

        fields[1] = {"date_format", "%d/%m/%Y"};
        auto imported = published(app, key, "TransactionImport", file, "text/csv", fields);
        CPPUNIT_ASSERT_EQUAL(std::string("1.234,56"), imported.config("number_format"));
        // 47.59 + 27.63 + 34.39 + 21.47 = 131.08 in (the Saldo column moves by the net).
        CPPUNIT_ASSERT_EQUAL(std::string("4 -13108000000 2020-01-02 2020-01-03"),
                             ledger(app, account));
    }

    // `1,234` is 1234 or 1.234: number_format=auto refuses to decide (docs/decisions.md D55).
    void ambiguousNumberFormatIsAnError() {
        AppHarness app;
        const std::string key = app.createKey("Numbers family");
        auto r = app.postJson("/api/v1/imports",
                              R"({"type":"TransactionImport","number_format":"auto",)"
                              R"("date_format":"%Y-%m-%d","raw_file_content":)"
                              R"("date,amount,name\n2024-01-02,\"1,234\",A\n2024-01-03,12,B\n"})",
                              key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto data = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("Number format is ambiguous; send number_format"),
                             data->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(0, data->getObject("stats")->getValue<int>("rows_count"));
        // An unknown value stays a validation error.
        auto bad = app.postJson("/api/v1/imports",
                                R"({"type":"TransactionImport","col_sep":"guess",)"
                                R"("raw_file_content":"date,amount\n"})",
                                key);
        CPPUNIT_ASSERT_EQUAL(422, bad.status);
        CPPUNIT_ASSERT(bad.body.find("Column separator is not included in the list") !=
                       std::string::npos);
    }

    // easybank (AT): windows-1252, CRLF, no header, `;`, `-1.001,00`; ofxstatement-austrian
    // asserts 10 lines, start 0, end balance −1562.86, line 0 −0.42 "Einbehaltene KESt".
    void easybankCp1252EndBalance() {
        AppHarness app;
        const std::string key = app.createKey("Easybank family");
        const std::string account = makeAccount(app, key, "Easybank", "EUR");
        auto imported =
            published(app, key, "TransactionImport",
                      "csv/nblock__ofxstatement-austrian__easybank-giro.csv", "text/csv",
                      {{"account_id", account},
                       {"encoding", "windows-1252"},
                       {"col_sep", "auto"},
                       {"has_header", "false"},
                       {"date_format", "auto"},
                       {"number_format", "auto"},
                       {"date_col_label", "#3"},
                       {"name_col_label", "#2"},
                       {"amount_col_label", "#5"},
                       {"currency_col_label", "#6"}});
        CPPUNIT_ASSERT_EQUAL(std::string(";"), imported.config("col_sep"));
        CPPUNIT_ASSERT_EQUAL(std::string("%d.%m.%Y"), imported.config("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("1.234,56"), imported.config("number_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("10 156286000000 2014-01-01 2015-10-07"),
                             ledger(app, account));
        CPPUNIT_ASSERT_EQUAL(int64_t(-156286), latestBalance(app, key, "Easybank").second);
        CPPUNIT_ASSERT(column(app,
                              "SELECT amount FROM entries WHERE account_id = ? AND name LIKE "
                              "'Einbehaltene KESt%'",
                              {account}) == Strings({"42000000"}));
        CPPUNIT_ASSERT(column(app,
                              "SELECT amount FROM entries WHERE account_id = ? AND name LIKE "
                              "'Abbuchung Einzugserm\xC3\xA4"
                              "chtigung%'",
                              {account}) == Strings({"3200000000"}));
    }

    // Česká spořitelna: windows-1250, `;` with a trailing `;`; every date is the anonymised
    // `1111/11/11`, outside D1's window: 9 invalid rows, nothing publishable, text decoded.
    void ceskaSporitelnaAnonymisedDatesAreRefused() {
        AppHarness app;
        const std::string key = app.createKey("Czech family");
        const std::string account = makeAccount(app, key, "Sporitelna", "CZK");
        auto imported =
            upload(app, key, "TransactionImport",
                   "csv/bank2ynab__bank2ynab__TH_20180101-20180523_page_1.csv", "text/csv",
                   {{"account_id", account},
                    {"encoding", "windows-1250"},
                    {"col_sep", "auto"},
                    {"number_format", "auto"},
                    {"date_format", "%Y/%m/%d"},
                    {"date_col_label", "Posting date"},
                    {"amount_col_label", "Amount CZK"},
                    {"name_col_label", "Counteraccount name"},
                    {"notes_col_label", "Item"}});
        CPPUNIT_ASSERT_EQUAL(std::string(";"), imported.config("col_sep"));
        CPPUNIT_ASSERT_EQUAL(9, imported.stat("rows_count"));
        CPPUNIT_ASSERT_EQUAL(9, imported.stat("invalid_rows_count"));
        CPPUNIT_ASSERT(!imported.publishable());
        auto all = rows(app, key, imported.id);
        for (const std::string& e : rowErrors(all))
            CPPUNIT_ASSERT_MESSAGE(e, e.find(": Date must be between ") != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::string("-1111.11"), field(all, 3, "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("XX \xC3\xBA\xC4\x8DXX X \xC4\x8CX, X.X."),
                             field(all, 3, "name")); // "XX účXX X ČX, X.X." in cp1250
        CPPUNIT_ASSERT(column(app,
                              "SELECT COUNT(*) FROM entries WHERE account_id = ? AND "
                              "entryable_type = 'Transaction'",
                              {account}) == Strings({"0"}));
        // Preflight sniffs the separator as create does (docs/decisions.md D37).
        MultipartBuilder form;
        form.field("type", "TransactionImport");
        form.field("col_sep", "auto");
        form.field("encoding", "windows-1250");
        form.field("date_col_label", "Posting date");
        form.field("amount_col_label", "Amount CZK");
        form.file(
            "file", "th.csv", "text/csv",
            fixture("../realworld/csv/bank2ynab__bank2ynab__TH_20180101-20180523_page_1.csv"));
        auto preflight = app.postMultipart("/api/v1/imports/preflight", form, key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(preflight.body, 200, preflight.status);
        auto report = jsonObject(preflight)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(9, report->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("Item"),
                             report->getArray("headers")->getElement<std::string>(0));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), report->getArray("missing_required_headers")->size());
    }

    // DEGIRO: two unnamed currency columns (`#8`, `#9`), `dd-mm-yyyy`, quoted decimal commas.
    // 27 rows carry money (source sum 798.79, one of them −0.02 USD); the 3 fund conversions
    // have none. Into a EUR account the USD row is a docs/decisions.md D4 error, never stored as
    // EUR.
    void degiroRowsWithoutMoneyAreInvalid() {
        AppHarness app;
        const std::string key = app.createKey("Degiro family");
        const std::string account = makeAccount(app, key, "Degiro", "EUR");
        auto imported = upload(
            app, key, "TransactionImport",
            "csv/gpaulissen__ofxstatement-dutch__degiro_Account_20190101_20200317.csv", "text/csv",
            {{"account_id", account},
             {"date_format", "auto"},
             {"number_format", "auto"},
             {"date_col_label", "Datum"},
             {"amount_col_label", "#9"},
             {"currency_col_label", "#8"},
             {"name_col_label", "Omschrijving"},
             {"notes_col_label", "Product"}});
        CPPUNIT_ASSERT_EQUAL(std::string("%d-%m-%Y"), imported.config("date_format"));
        CPPUNIT_ASSERT_EQUAL(30, imported.stat("rows_count"));
        CPPUNIT_ASSERT_EQUAL(26, imported.stat("valid_rows_count"));
        auto all = rows(app, key, imported.id);
        CPPUNIT_ASSERT(
            rowErrors(all) ==
            Strings({"1: Amount is required", "4: Amount is required", "7: Amount is required",
                     "28: Currency USD differs from the account's currency EUR"}));
        CPPUNIT_ASSERT_EQUAL(int64_t(79881), validCents(all)); // 798.79 + the USD 0.02
        CPPUNIT_ASSERT_EQUAL(std::string("2019-12-27"), field(all, 1, "date"));
        CPPUNIT_ASSERT_EQUAL(std::string("2019-01-02"), field(all, 29, "date"));
    }

    // OCBC (SG): 5 preamble lines, split Withdrawals/Deposits, and every transaction continued
    // on a `,,<text>` row: the 8 continuation rows are invalid (never merged or guessed).
    void ocbcContinuationRowsAreInvalid() {
        AppHarness app;
        const std::string key = app.createKey("OCBC family");
        const std::string account = makeAccount(app, key, "OCBC", "SGD");
        auto imported =
            upload(app, key, "TransactionImport",
                   "csv/bank2ynab__bank2ynab__TransactionHistory_20180418043121.csv", "text/csv",
                   {{"account_id", account},
                    {"rows_to_skip", "5"},
                    {"col_sep", "auto"},
                    {"date_format", "auto"},
                    {"number_format", "auto"},
                    {"date_col_label", "Transaction date"},
                    {"name_col_label", "Description"},
                    {"amount_type_strategy", "split_columns"},
                    {"outflow_col_label", "Withdrawals (SGD)"},
                    {"inflow_col_label", "Deposits (SGD)"}});
        CPPUNIT_ASSERT_EQUAL(std::string("%d/%m/%Y"), imported.config("date_format"));
        CPPUNIT_ASSERT_EQUAL(16, imported.stat("rows_count"));
        CPPUNIT_ASSERT_EQUAL(8, imported.stat("valid_rows_count"));
        auto all = rows(app, key, imported.id);
        CPPUNIT_ASSERT_EQUAL(int64_t(-17328), validCents(all)); // 173.28 withdrawn
        for (std::size_t i = 1; i < all->size(); i += 2)
            CPPUNIT_ASSERT_EQUAL(false,
                                 all->getObject(static_cast<unsigned>(i))->getValue<bool>("valid"));
        CPPUNIT_ASSERT_EQUAL(std::string("2018-04-18"), field(all, 0, "date"));
        CPPUNIT_ASSERT_EQUAL(std::string("2018-04-13"), field(all, 14, "date"));
    }

    // hledger's sample.fr.cp1252: 0x80 (€) and 0x97 (—) exist only in windows-1252.
    void hledgerWindows1252() {
        AppHarness app;
        const std::string key = app.createKey("French family");
        const std::string account = makeAccount(app, key, "Compte", "EUR");
        auto imported = published(app, key, "TransactionImport",
                                  "csv/simonmichael__hledger__sample.fr.cp1252.csv", "text/csv",
                                  {{"account_id", account},
                                   {"encoding", "windows-1252"},
                                   {"date_format", "auto"},
                                   {"number_format", "auto"},
                                   {"date_col_label", "Date"},
                                   {"amount_col_label", "Montant"},
                                   {"name_col_label", "Remarque"}});
        CPPUNIT_ASSERT_EQUAL(std::string("%Y/%m/%d"), imported.config("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("3 -2000000000 2012-03-22 2012-03-24"),
                             ledger(app, account));
        CPPUNIT_ASSERT(column(app,
                              "SELECT name FROM entries WHERE account_id = ? AND "
                              "entryable_type = 'Transaction' ORDER BY date",
                              {account}) ==
                       Strings({"D\xC3\x89P\xC3\x94T", "VIREMENT VERS \xC3\x89PARGNE",
                                "CAF\xC3\x89 \xE2\x80\x94 \xE2\x82\xAC"
                                "20 RE\xC3\x87U"}));
    }

    // Mint: ledger-autosync's genuine export (unsigned + type) and Sure's signed variant
    // (docs/decisions.md D46: the type gives the direction). `8/02/2016` is ambiguous for `auto`;
    // the client's date_format is honoured (D46).
    void mintExports() {
        AppHarness app;
        const std::string key = app.createKey("Mint family");
        const std::string egh = "mint/egh__ledger-autosync__mint.csv";
        auto ambiguous = upload(app, key, "MintImport", egh, "text/csv", {{"date_format", "auto"}});
        CPPUNIT_ASSERT_EQUAL(std::string("Date format is ambiguous; send date_format"),
                             ambiguous.error());
        auto dayFirst =
            upload(app, key, "MintImport", egh, "text/csv", {{"date_format", "%d/%m/%Y"}});
        CPPUNIT_ASSERT_EQUAL(std::string("%d/%m/%Y"), dayFirst.config("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("2016-02-08"),
                             field(rows(app, key, dayFirst.id), 0, "date"));

        published(app, key, "MintImport", egh, "text/csv", {});
        const std::string card = column(app, "SELECT id FROM accounts WHERE name = '1234'").at(0);
        // Amazon 29.99 debit (spend) on 2016-08-02; 123.45 credit (payment in) on 2016-06-02.
        CPPUNIT_ASSERT(column(app,
                              "SELECT date || ' ' || name || ' ' || amount FROM entries WHERE "
                              "account_id = ? ORDER BY date",
                              {card}) == Strings({"2016-06-02 Autopay Rautopay Auto -12345000000",
                                                  "2016-08-02 Amazon 2999000000"}));

        published(app, key, "MintImport", "mint/we-promise__sure__mint.csv", "text/csv", {});
        const std::string checking =
            column(app, "SELECT id FROM accounts WHERE name = 'Checking Account'").at(0);
        const std::string credit =
            column(app, "SELECT id FROM accounts WHERE name = 'Credit Card'").at(0);
        // Checking: 78.32 + 1500 − 2500 + 89.50 + 49.99; card: −45.67 + 15.75 + 32.99 + 4.25 +
        // 24.50 (the signed `-45.67,credit` is money in once, not twice).
        CPPUNIT_ASSERT_EQUAL(std::string("5 -78219000000 2023-05-01 2023-05-09"),
                             ledger(app, checking));
        CPPUNIT_ASSERT_EQUAL(std::string("5 3182000000 2023-05-02 2023-05-10"),
                             ledger(app, credit));
    }

    // Sure's YNAB and Actual fixtures: 5 rows each, categories `Group: Category`, a blank
    // Actual payee falls back to the notes. Without a header both are refused (docs/decisions.md
    // D38).
    void ynabAndActualExports() {
        AppHarness app;
        const std::string key = app.createKey("Budget family");
        for (const char* type : {"YnabImport", "ActualImport"}) {
            auto r = uploadFile(app, key, type, "export.csv", "text/csv",
                                fixture("../realworld/actual/we-promise__sure__actual.csv"),
                                {{"has_header", "false"}});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
            CPPUNIT_ASSERT(r.body.find("\"validation_failed\"") != std::string::npos);
            CPPUNIT_ASSERT(r.body.find("This import type needs its header row") !=
                           std::string::npos);
        }
        published(app, key, "YnabImport", "ynab/we-promise__sure__ynab.csv", "text/csv", {});
        const std::string checking =
            column(app, "SELECT id FROM accounts WHERE name = 'Checking'").at(0);
        // −1500 + 2500 − 250 + 0.43 = 750.43 in.
        CPPUNIT_ASSERT_EQUAL(std::string("4 -75043000000 2024-01-01 2024-01-06"),
                             ledger(app, checking));
        CPPUNIT_ASSERT(
            column(app, "SELECT e.amount || ' ' || c.name || ' ' || p.name FROM entries e "
                        "JOIN transactions t ON t.entry_id = e.id JOIN categories c ON "
                        "c.id = t.category_id JOIN categories p ON p.id = c.parent_id "
                        "WHERE e.name = 'Landlord'") == Strings({"150000000000 Rent Housing"}));

        published(app, key, "ActualImport", "actual/we-promise__sure__actual.csv", "text/csv", {});
        const std::string actualChecking =
            column(app, "SELECT id FROM accounts WHERE name = 'Checking Account'").at(0);
        CPPUNIT_ASSERT_EQUAL(std::string("4 -75043000000 2024-01-01 2024-01-06"),
                             ledger(app, actualChecking));
        CPPUNIT_ASSERT(column(app,
                              "SELECT e.name || ' ' || e.amount FROM entries e WHERE "
                              "e.account_id = ? AND e.date = '2024-01-04'",
                              {actualChecking}) ==
                       Strings({"Reconciliation balance adjustment -43000000"}));
        CPPUNIT_ASSERT(column(app, "SELECT c.name FROM entries e JOIN transactions t ON "
                                   "t.entry_id = e.id JOIN categories c ON c.id = t.category_id "
                                   "WHERE e.name = 'Internal Transfer'") == Strings({"Transfer"}));
    }

    // Bank QIFs: OCA's test_qif (`T-1,000.00`; the statement ends at −1896.09) and Actual's
    // data-with-categories (`Usual Expenses:Shopping` is a subcategory).
    void qifBankFiles() {
        AppHarness app;
        const std::string key = app.createKey("Qif bank family");
        published(app, key, "QifImport", "qif/OCA__bank-statement-import__test_qif.qif",
                  "application/qif", {});
        CPPUNIT_ASSERT(latestBalance(app, key, "QIF Bank Account") ==
                       std::make_pair(std::string("-$1,896.09"), int64_t(-189609)));
        const std::string bank =
            column(app, "SELECT id FROM accounts WHERE name = 'QIF Bank Account'").at(0);
        CPPUNIT_ASSERT_EQUAL(std::string("5 189609000000 2013-03-03 2013-08-15"),
                             ledger(app, bank));
        CPPUNIT_ASSERT(column(app, "SELECT amount FROM entries WHERE name = 'Epic Technologies'") ==
                       Strings({"37900000000"}));

        AppHarness other;
        const std::string key2 = other.createKey("Qif categories family");
        published(other, key2, "QifImport", "qif/actualbudget__actual__data-with-categories.qif",
                  "application/qif", {});
        const std::string account =
            column(other, "SELECT id FROM accounts WHERE name = 'QIF Bank Account'").at(0);
        CPPUNIT_ASSERT_EQUAL(std::string("3 16133000000 2018-12-19 2018-12-19"),
                             ledger(other, account));
        CPPUNIT_ASSERT(column(other, "SELECT c.name FROM categories c JOIN categories p ON p.id "
                                     "= c.parent_id WHERE p.name = 'Usual Expenses'") ==
                       Strings({"Shopping"}));
    }

    // quiffen's test.qif: 6 bank transactions (3 with splits, one split with its own date), one
    // investment Buy costing Q×I+O, `!Type:Cat` categories (docs/decisions.md D66); its
    // unknown-account-type file has one `Cash` line without an amount: it moves no money, kept as
    // 0.00 with a warning naming its line (docs/decisions.md D94), so the file publishes.
    void qifQuiffenFiles() {
        AppHarness app;
        const std::string key = app.createKey("Quiffen family");
        published(app, key, "QifImport", "qif/isaacharrisholt__quiffen__test.qif",
                  "application/qif", {});
        const std::string bank =
            column(app, "SELECT id FROM accounts WHERE name = 'QIF Bank Account'").at(0);
        // 5 transactions (the 6th record is the Opening Balance anchor): 67.50 in, 32.00 in,
        // −10, −25, −100: net 35.50 out.
        CPPUNIT_ASSERT(column(app,
                              "SELECT COUNT(*) || ' ' || SUM(amount) || ' ' || MIN(date) || ' ' "
                              "|| MAX(date) FROM entries WHERE account_id = ? AND "
                              "parent_entry_id IS NULL AND entryable_type = 'Transaction'",
                              {bank}) == Strings({"5 3550000000 2020-02-10 2020-02-14"}));
        CPPUNIT_ASSERT(column(app, "SELECT e.amount FROM entries e JOIN trades t ON t.entry_id = "
                                   "e.id") == Strings({"1204200000000"}));
        CPPUNIT_ASSERT(column(app, "SELECT p.name || '/' || c.name FROM categories c JOIN "
                                   "categories p ON p.id = c.parent_id ORDER BY 1") ==
                       Strings({"Bills/Cell Phone", "Food/Groceries", "Healthcare/Prescriptions",
                                "Investments/Bonds", "Investments/Stocks", "Personal Care/Haircare",
                                "Transportation/Automobile"}));

        auto odd = published(app, key, "QifImport",
                             "qif/isaacharrisholt__quiffen__test_unknown_account_type.qif",
                             "application/qif", {});
        CPPUNIT_ASSERT_EQUAL(1, odd.stat("rows_count"));
        CPPUNIT_ASSERT_EQUAL(std::string("[\"Line 23: a Cash record without an amount (no T or "
                                         "U) was imported as 0.00\"]"),
                             jsonText(odd.detail->getArray("warnings")));
        auto all = rows(app, key, odd.id);
        CPPUNIT_ASSERT(rowErrors(all).empty());
        CPPUNIT_ASSERT_EQUAL(std::string("0.00"), field(all, 0, "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Portfolio Account"), field(all, 0, "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("2001-01-01"), field(all, 0, "date"));
    }

    // GnuCash swipe.qif (docs/decisions.md D66): XIn takes 5000 from ABC Bank; CGShortX 12, CGLongX
    // 11 and SellX 500 are income/sale proceeds sent on to ABC Bank: it ends at −5000 + 523 =
    // −4477.
    void qifSwipeTransfersToTheBank() {
        AppHarness app;
        const std::string key = app.createKey("Swipe family");
        published(app, key, "QifImport", "qif/Gnucash__gnucash__swipe.qif", "application/qif", {});
        const std::string bank =
            column(app, "SELECT id FROM accounts WHERE name = 'ABC Bank'").at(0);
        CPPUNIT_ASSERT_EQUAL(std::string("4 447700000000 1997-09-12 1997-11-12"),
                             ledger(app, bank));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM transfers") == Strings({"4"}));
        const std::string invest =
            column(app, "SELECT id FROM accounts WHERE name = 'QIF Investments'").at(0);
        // Cash lines there: XIn −5000, Div −120, CGLong −33.45, Div −34, IntInc −345,
        // CGShortX −12 + 12, CGLongX −11 + 11, SellX transfer +500 (trades are not counted).
        CPPUNIT_ASSERT_EQUAL(std::string("10 -503245000000 1997-09-12 1997-11-12"),
                             ledger(app, invest));
    }

    // beangulp's example.pdf is a printed web page, not a statement: 201 with no rows and the
    // plugin's reason (docs/decisions.md D17), never publishable.
    void pdfWithoutStatementTable() {
        AppHarness app;
        const std::string key = app.createKey("Pdf family");
        auto imported = upload(app, key, "PdfImport", "pdf/beancount__beangulp__example.pdf",
                               "application/pdf", {});
        CPPUNIT_ASSERT_EQUAL(0, imported.stat("rows_count"));
        CPPUNIT_ASSERT(imported.error().rfind("No statement table was found", 0) == 0);
        CPPUNIT_ASSERT(!imported.publishable());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RealWorldApiTest);
