// An import may refuse a file, import it right, or import it and warn; it never stores a wrong
// amount, currency, date or name silently (docs/decisions.md D90-D95). Each case is the file or
// row a new user met, asserted over HTTP with the exact row errors and warnings.
#include "FormatsSupport.h"
#include "JsonText.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

using namespace finimport::test;
using Strings = std::vector<std::string>;
using Fields = std::vector<std::pair<std::string, std::string>>;

namespace {

Strings warningsOf(const Poco::JSON::Object::Ptr& detail) {
    Strings out;
    auto array = detail->getArray("warnings");
    if (array.isNull()) return out;
    for (std::size_t i = 0; i < array->size(); ++i)
        out.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
    return out;
}

} // namespace

class HonestImportApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(HonestImportApiTest);
    CPPUNIT_TEST(raggedRowIsARowError);
    CPPUNIT_TEST(familyCurrencyIsNeverSilent);
    CPPUNIT_TEST(currencyColumnInTheBanksLanguage);
    CPPUNIT_TEST(everyNameFallingBackWarns);
    CPPUNIT_TEST(dateColumnsHoldingATime);
    CPPUNIT_TEST(dateWithTrailingText);
    CPPUNIT_TEST(mt940BendingTheStandard);
    CPPUNIT_TEST(ofxEntryAfterAStrayListEnd);
    CPPUNIT_TEST(rowEditsSpeakTheFilesDateFormat);
    CPPUNIT_TEST(typeFromTheProbes);
    CPPUNIT_TEST(backupNumbersAreExact);
    CPPUNIT_TEST(statedBalanceAgainstTheLedger);
    CPPUNIT_TEST(skippedStatementIsAGap);
    CPPUNIT_TEST(csvRunningBalance);
    CPPUNIT_TEST(preflightChecksRows);
    CPPUNIT_TEST_SUITE_END();

    // POST a CSV as raw_file_content with `options` (JSON members); the created import's detail.
    static Poco::JSON::Object::Ptr createCsv(AppHarness& app, const std::string& key,
                                             const std::string& csv,
                                             const std::string& options = "") {
        auto r = app.postJson("/api/v1/imports",
                              R"({"raw_file_content":)" + jsonQuote(csv) +
                                  (options.empty() ? "" : "," + options) + "}",
                              key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        return importDetail(app, key,
                            jsonObject(r)->getObject("data")->getValue<std::string>("id"));
    }

    static Poco::JSON::Array::Ptr rows(AppHarness& app, const std::string& key,
                                       const std::string& id) {
        auto r = app.get("/api/v1/imports/" + id + "/rows?per_page=100", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getArray("data");
    }

    // "<row>: <message>" of every row error, in row order.
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

    static std::string field(const Poco::JSON::Array::Ptr& all, std::size_t index,
                             const std::string& name) {
        return all->getObject(static_cast<unsigned>(index))
            ->getObject("fields")
            ->optValue<std::string>(name, "<null>");
    }

    static std::string id(const Poco::JSON::Object::Ptr& detail) {
        return detail->getValue<std::string>("id");
    }

public:
    // docs/decisions.md D90: `…,-1.234,56`, an unquoted decimal comma in a comma file, would read
    // as -1.234; it is a row error naming both counts, and the other rows stay valid.
    void raggedRowIsARowError() {
        AppHarness app;
        const std::string key = app.createKey("Ragged family");
        const std::string account = makeAccount(app, key, "Giro", "USD");
        auto detail = createCsv(app, key,
                                "date,name,amount\n"
                                "01/02/2024,Rent,-1.234,56\n"
                                "01/03/2024,Cafe,-4.50\n"
                                "01/04/2024,Shop,-2.00,\n",
                                R"("account_id":")" + account + R"(")");
        CPPUNIT_ASSERT_EQUAL(3, detail->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(1, detail->getObject("stats")->getValue<int>("invalid_rows_count"));
        // docs/decisions.md D95: the detail says why it cannot be published.
        CPPUNIT_ASSERT_EQUAL(std::string(R"x(["1 row is invalid (rows 1)"])x"),
                             jsonText(detail->getArray("not_publishable_reasons")));
        auto all = rows(app, key, id(detail));
        CPPUNIT_ASSERT(rowErrors(all) ==
                       Strings({"1: Row has 4 cells but the header has 3: a value holds an "
                                "unquoted \",\""}));
    }

    // docs/decisions.md D91: without account_id, `currency` or a currency column the family's
    // currency applies, and the import says so; `currency` states the file's.
    void familyCurrencyIsNeverSilent() {
        AppHarness app;
        const std::string key = app.createKey("Default family");
        const std::string csv = "date,name,amount\n01/02/2024,Cafe,-4.50\n";
        auto silent = createCsv(app, key, csv);
        CPPUNIT_ASSERT(warningsOf(silent) ==
                       Strings({"Amounts taken as USD, the family's currency; send "
                                "currency_col_label or currency"}));
        auto stated = createCsv(app, key, csv, R"("currency":"eur")");
        CPPUNIT_ASSERT(warningsOf(stated).empty());
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), field(rows(app, key, id(stated)), 0, "currency"));
        // The target account's currency is the request's choice: no warning.
        const std::string account = makeAccount(app, key, "Checking", "USD");
        auto targeted = createCsv(app, key, csv, R"("account_id":")" + account + R"(")");
        CPPUNIT_ASSERT(warningsOf(targeted).empty());
    }

    // docs/decisions.md D91: a French file's `Devise` column is its currency: EUR rows into a
    // USD account are row errors (never relabelled), and without an account they are EUR.
    void currencyColumnInTheBanksLanguage() {
        AppHarness app;
        const std::string key = app.createKey("French family");
        const std::string csv = "Date,Libell\xC3\xA9,Montant,Devise\n"
                                "15/01/2024,Boulangerie,-4.50,EUR\n"
                                "16/01/2024,Salaire,1200.00,EUR\n";
        const std::string options =
            R"("date_format":"%d/%m/%Y","date_col_label":"Date",)"
            R"("amount_col_label":"Montant","name_col_label":"Libell\u00e9")";
        auto free = createCsv(app, key, csv, options);
        CPPUNIT_ASSERT(warningsOf(free).empty());
        auto all = rows(app, key, id(free));
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), field(all, 0, "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), field(all, 1, "currency"));
        const std::string account = makeAccount(app, key, "Checking", "USD");
        auto refused = createCsv(app, key, csv, options + R"(,"account_id":")" + account + R"(")");
        CPPUNIT_ASSERT_EQUAL(2, refused->getObject("stats")->getValue<int>("invalid_rows_count"));
        CPPUNIT_ASSERT(rowErrors(rows(app, key, id(refused))) ==
                       Strings({"1: Currency EUR differs from the account's currency USD",
                                "2: Currency EUR differs from the account's currency USD"}));
        // German `Valuta` is a value date, not a currency: its dates are not read as codes.
        auto german =
            createCsv(app, key, "Buchungstag,Valuta,Betrag\n15.01.2024,16.01.2024,-4.50\n",
                      R"("date_format":"%d.%m.%Y","date_col_label":"Buchungstag",)"
                      R"("amount_col_label":"Betrag","account_id":")" +
                          account + R"(")");
        CPPUNIT_ASSERT_EQUAL(0, german->getObject("stats")->getValue<int>("invalid_rows_count"));
    }

    // docs/decisions.md D91: every row named "Imported item" is a warning naming the header
    // that looks like a name.
    void everyNameFallingBackWarns() {
        AppHarness app;
        const std::string key = app.createKey("Names family");
        const std::string account = makeAccount(app, key, "Checking", "USD");
        auto detail = createCsv(app, key, "date,Description,amount\n01/02/2024,Cafe,-4.50\n",
                                R"("account_id":")" + account + R"(")");
        CPPUNIT_ASSERT(warningsOf(detail) ==
                       Strings({"Every row is named \"Imported item\"; \"Description\" looks "
                                "like a name column: send name_col_label"}));
        CPPUNIT_ASSERT_EQUAL(std::string("Imported item"),
                             field(rows(app, key, id(detail)), 0, "name"));
        auto named =
            createCsv(app, key, "date,Description,amount\n01/02/2024,Cafe,-4.50\n",
                      R"("account_id":")" + account + R"(","name_col_label":"Description")");
        CPPUNIT_ASSERT(warningsOf(named).empty());
    }

    // docs/decisions.md D92: dates with a time are read for the civil date as written, with the
    // format given and with `auto`.
    void dateColumnsHoldingATime() {
        AppHarness app;
        const std::string key = app.createKey("Fintech family");
        const std::string account = makeAccount(app, key, "Wallet", "USD");
        struct Case {
            std::string cell, format, iso;
        };
        const std::vector<Case> cases = {
            {"2002-09-10T23:00:04", "%Y-%m-%dT%H:%M:%S", "2002-09-10"},
            {"2023-01-15 10:23:45", "%Y-%m-%d %H:%M:%S", "2023-01-15"},
            {"15/01/2023 10:23", "%d/%m/%Y %H:%M", "2023-01-15"},
            {"2023-01-15T23:59:59.123456+05:00", "%Y-%m-%dT%H:%M:%S%z", "2023-01-15"},
            {"01/15/2023 11:05 PM", "%m/%d/%Y %I:%M %p", "2023-01-15"},
        };
        for (const Case& c : cases) {
            const std::string csv = "date,name,amount\n" + c.cell + ",Coffee,-4.50\n";
            for (const std::string& format : {c.format, std::string("auto")}) {
                auto detail = createCsv(app, key, csv,
                                        R"("account_id":")" + account + R"(","date_format":")" +
                                            format + R"(")");
                CPPUNIT_ASSERT_EQUAL_MESSAGE(
                    c.cell + " " + jsonText(detail), 0,
                    detail->getObject("stats")->getValue<int>("invalid_rows_count"));
                CPPUNIT_ASSERT_EQUAL(
                    c.format,
                    detail->getObject("configuration")->getValue<std::string>("date_format"));
                CPPUNIT_ASSERT_EQUAL(c.iso, field(rows(app, key, id(detail)), 0, "date"));
            }
        }
    }

    // docs/decisions.md D92: Schwab's `04/17/2023 as of 04/15/2023` is refused under
    // `%m/%d/%Y`; `%m/%d/%Y%*` takes the leading date.
    void dateWithTrailingText() {
        AppHarness app;
        const std::string key = app.createKey("Broker family");
        const std::string account = makeAccount(app, key, "Brokerage", "USD");
        const std::string csv =
            "date,name,amount\n\"04/17/2023 as of 04/15/2023\",Dividend,12.00\n";
        auto strict = createCsv(app, key, csv, R"("account_id":")" + account + R"(")");
        CPPUNIT_ASSERT(rowErrors(rows(app, key, id(strict))) ==
                       Strings({"1: Date must exactly match the format: %m/%d/%Y"}));
        auto leading = createCsv(app, key, csv,
                                 R"("account_id":")" + account + R"(","date_format":"%m/%d/%Y%*")");
        auto all = rows(app, key, id(leading));
        CPPUNIT_ASSERT(rowErrors(all).empty());
        CPPUNIT_ASSERT_EQUAL(std::string("2023-04-17"), field(all, 0, "date"));
    }

    // docs/decisions.md D93: `C500NTRF` (no decimal comma, a Knab export) is 500.00; a value date
    // of 30 February (`160230`) gives its year to the entry date.
    void mt940BendingTheStandard() {
        AppHarness app;
        const std::string key = app.createKey("Knab family");
        const std::string file = ":20:STARTUMS\n:25:NL00KNAB0123456789\n:28C:1\n"
                                 ":60F:C160201EUR100,00\n"
                                 ":61:1602290229C500NTRFNONREF\n:86:Deposit\n"
                                 ":61:1602300301D20,50NTRFNONREF\n:86:Groceries\n"
                                 ":62F:C160301EUR579,50\n-\n";
        auto created = uploadFile(app, key, "Mt940Import", "knab.sta", "text/plain", file, {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(
            jsonText(detail), 0, detail->getObject("stats")->getValue<int>("invalid_rows_count"));
        CPPUNIT_ASSERT(warningsOf(detail).empty()); // 100 + 500 − 20.50 = 579.50 reconciles
        auto all = rows(app, key, id(detail));
        CPPUNIT_ASSERT_EQUAL(std::string("500"), field(all, 0, "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("2016-02-29"), field(all, 0, "date"));
        CPPUNIT_ASSERT_EQUAL(std::string("-20.50"), field(all, 1, "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("2016-03-01"), field(all, 1, "date"));
    }

    static std::string ofxFile() {
        return "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>"
               "<CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>12345678<ACCTTYPE>CHECKING"
               "</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131"
               "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-4.50<FITID>A1<NAME>Coffee"
               "</STMTTRN></BANKTRANLIST>"
               "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>-7.25<FITID>A2<NAME>Lunch"
               "</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n";
    }

    // docs/decisions.md D93: a stray early `</BANKTRANLIST>` no longer drops the entry after it:
    // imported, with a warning.
    void ofxEntryAfterAStrayListEnd() {
        AppHarness app;
        const std::string key = app.createKey("Ofx family");
        const std::string file = ofxFile();
        auto created =
            uploadFile(app, key, "OfxImport", "stray.ofx", "application/x-ofx", file, {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(2, detail->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT_EQUAL(2, detail->getObject("stats")->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT_MESSAGE(jsonText(detail),
                               warningsOf(detail) ==
                                   Strings({"Statement 1: 1 entry was found after </BANKTRANLIST> "
                                            "and imported"}));
        CPPUNIT_ASSERT_EQUAL(std::string("-7.25"), field(rows(app, key, id(detail)), 1, "amount"));
    }

    // docs/decisions.md D95: a PATCHed date in the upload's own format is accepted; one that fits
    // neither format names both.
    void rowEditsSpeakTheFilesDateFormat() {
        AppHarness app;
        const std::string key = app.createKey("Edit family");
        const std::string account = makeAccount(app, key, "Checking", "USD");
        auto detail = createCsv(app, key, "date,name,amount\n03/22/2O16,Cafe,-4.50\n",
                                R"("account_id":")" + account + R"(")");
        CPPUNIT_ASSERT(rowErrors(rows(app, key, id(detail))) ==
                       Strings({"1: Date must exactly match the format: %m/%d/%Y"}));
        auto patch = [&](const std::string& body) {
            return httpSend(app.port(), "PATCH", "/api/v1/imports/" + id(detail) + "/rows/1",
                            {{"X-Api-Key", key}}, body, "application/json");
        };
        auto wrong = patch(R"({"fields":{"date":"22.03.2016"}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(wrong.body, 200, wrong.status);
        CPPUNIT_ASSERT(rowErrors(rows(app, key, id(detail))) ==
                       Strings({"1: Date must exactly match the format: %m/%d/%Y or %Y-%m-%d"}));
        auto right = patch(R"({"fields":{"date":"03/22/2016"}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(right.body, 200, right.status);
        auto all = rows(app, key, id(detail));
        CPPUNIT_ASSERT(rowErrors(all).empty());
        CPPUNIT_ASSERT_EQUAL(std::string("2016-03-22"), field(all, 0, "date"));
        auto canonical = patch(R"({"fields":{"date":"2016-03-23"}})");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(canonical.body, 200, canonical.status);
        CPPUNIT_ASSERT_EQUAL(std::string("2016-03-23"),
                             field(rows(app, key, id(detail)), 0, "date"));
    }

    // docs/decisions.md D96: an OFX sent as text/plain without a type is refused with what it
    // is; `type=auto` reads it with the plugin whose probe recognises it; CSV text stays CSV.
    void typeFromTheProbes() {
        AppHarness app;
        const std::string key = app.createKey("Probe family");
        auto asCsv = uploadFile(app, key, "", "statement.txt", "text/plain", ofxFile(), {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(asCsv.body, 422, asCsv.status);
        CPPUNIT_ASSERT_MESSAGE(
            asCsv.body, asCsv.body.find("\"errors\":[\"This looks like an OFX file; send "
                                        "type=OfxImport or type=auto\"]") != std::string::npos);
        auto ofx = uploadFile(app, key, "auto", "statement.txt", "text/plain", ofxFile(), {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(ofx.body, 201, ofx.status);
        CPPUNIT_ASSERT_EQUAL(std::string("OfxImport"),
                             jsonObject(ofx)->getObject("data")->getValue<std::string>("type"));
        auto mt940 = uploadFile(app, key, "auto", "knab.sta", "text/plain",
                                ":20:STARTUMS\n:25:NL00KNAB0123456789\n:28C:1\n"
                                ":60F:C160201EUR100,00\n:61:1602290229C500NTRFNONREF\n"
                                ":62F:C160229EUR600,00\n-\n",
                                {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(mt940.body, 201, mt940.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Mt940Import"),
                             jsonObject(mt940)->getObject("data")->getValue<std::string>("type"));
        // Preflight answers for the type create would choose.
        MultipartBuilder form;
        form.field("type", "auto");
        form.file("file", "statement.txt", "text/plain", ofxFile());
        auto checked = app.postMultipart("/api/v1/imports/preflight", form, key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(checked.body, 200, checked.status);
        CPPUNIT_ASSERT_EQUAL(std::string("OfxImport"),
                             jsonObject(checked)->getObject("data")->getValue<std::string>("type"));
        // Two certain readers: refused, naming both.
        auto tie = uploadFile(app, key, "auto", "both.xml", "text/plain",
                              "<BkToCstmrStmt>\n:20:X\n:25:Y\n:61:Z\n", {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(tie.body, 422, tie.status);
        CPPUNIT_ASSERT_MESSAGE(tie.body,
                               tie.body.find("The file could be read as CamtImport or "
                                             "Mt940Import; send type") != std::string::npos);
        auto csv = uploadFile(app, key, "auto", "bank.csv", "text/csv",
                              "date,name,amount\n01/02/2024,Cafe,-4.50\n", {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(csv.body, 201, csv.status);
        CPPUNIT_ASSERT_EQUAL(std::string("TransactionImport"),
                             jsonObject(csv)->getObject("data")->getValue<std::string>("type"));
    }

    // docs/decisions.md D97/D180: JSON numbers in a backup line (a transaction amount, a rule's
    // condition value) reach the store digit for digit through the
    // one JSON reader, and come back the same through backup (export) and restore (import of
    // that export into another family) and a second export.
    void backupNumbersAreExact() {
        AppHarness app;
        const std::string key = app.createKey("Backup family");
        const std::string ndjson =
            R"({"type":"Account","data":{"id":"a1","name":"Big","balance":0,)"
            R"("currency":"USD","accountable_type":"Depository"}})"
            "\n"
            R"({"type":"Transaction","data":{"id":"t1","account_id":"a1","date":"2024-01-15",)"
            R"("amount":12345678901.23456789,"name":"Exact","currency":"USD"}})"
            "\n"
            R"({"type":"Transaction","data":{"id":"t2","account_id":"a1","date":"2024-01-16",)"
            R"("amount":-25E-2,"name":"Exponent","currency":"USD"}})"
            "\n"
            R"({"type":"Rule","version":1,"data":{"id":"r1","name":"Big ones",)"
            R"("resource_type":"transaction","active":true,"conditions":[{"condition_type":)"
            R"("transaction_amount","operator":">","value":12345678901.23456789}],)"
            R"("actions":[{"action_type":"set_transaction_name","value":"Huge"}]}})"
            "\n";
        auto r = app.postJson("/api/v1/imports",
                              R"({"type":"ServiceImport","publish":"true","raw_file_content":)" +
                                  jsonQuote(ndjson) + "}",
                              key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        app.waitForJobs();
        const std::string exact = "1234567890123456789"; // 12345678901.23456789 in 10⁻⁸ units
        CPPUNIT_ASSERT(column(app, "SELECT amount FROM entries WHERE name = 'Exact'") ==
                       Strings({exact}));
        // docs/decisions.md D181: an exponent is rewritten exactly (-25E-2 is -0.25).
        CPPUNIT_ASSERT(column(app, "SELECT amount FROM entries WHERE name = 'Exponent'") ==
                       Strings({"-25000000"}));
        const auto exactLines = [](const std::string& body) {
            for (const char* text :
                 {R"("amount":"12345678901.23456789")", R"("value":12345678901.23456789)"})
                CPPUNIT_ASSERT_MESSAGE(std::string(text) + " in " + body,
                                       body.find(text) != std::string::npos);
        };
        auto backup = app.get("/api/v1/exports/ndjson", key);
        CPPUNIT_ASSERT_EQUAL(200, backup.status);
        exactLines(backup.body);

        const std::string restoreKey = app.createKey("Restore family");
        auto restored =
            app.postJson("/api/v1/imports",
                         R"({"type":"ServiceImport","publish":"true","raw_file_content":)" +
                             jsonQuote(backup.body) + "}",
                         restoreKey);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(restored.body, 201, restored.status);
        app.waitForJobs();
        CPPUNIT_ASSERT(column(app, "SELECT amount FROM entries WHERE name = 'Exact'") ==
                       Strings({exact, exact}));
        auto again = app.get("/api/v1/exports/ndjson", restoreKey);
        CPPUNIT_ASSERT_EQUAL(200, again.status);
        exactLines(again.body);
    }

    // docs/decisions.md D98: beangulp's AMEX download states LEDGERBAL −2356.38 on 2013-12-18;
    // its 12 transactions leave the new card at 352.82 owed (D62 keeps the stated balance out of
    // the opening anchor): published, with a warning naming both figures and the date.
    void statedBalanceAgainstTheLedger() {
        AppHarness app;
        const std::string key = app.createKey("Amex family");
        auto created = uploadFile(app, key, "OfxImport", "ofxdownload.ofx", "application/x-ofx",
                                  fixture("../realworld/ofx/beancount__beangulp__ofxdownload.ofx"),
                                  {{"publish", "true"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), detail->getValue<std::string>("status"));
        CPPUNIT_ASSERT_MESSAGE(jsonText(detail),
                               warningsOf(detail) ==
                                   Strings({"Statement 1 states a balance of -2356.38 on "
                                            "2013-12-18; the ledger of Credit Card "
                                            "\u2022\u20221222 has -352.82 on that date"}));
    }

    // docs/decisions.md D98: January's statement closes at 579.50; February's, imported into the
    // same account, opens at 600.00: 20.50 is missing between the two (a statement was skipped).
    void skippedStatementIsAGap() {
        AppHarness app;
        const std::string key = app.createKey("Gap family");
        const std::string account = makeAccount(app, key, "Giro", "EUR");
        auto statement = [&](const std::string& body) {
            auto created = uploadFile(app, key, "Mt940Import", "s.sta", "text/plain", body,
                                      {{"publish", "true"}, {"account_id", account}});
            CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
            return importDetail(
                app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        };
        auto january = statement(":20:JAN\n:25:NL00KNAB0123456789\n:28C:1\n"
                                 ":60F:C240101EUR0,00\n:61:2401100110C600,00NTRFNONREF\n"
                                 ":86:Salary\n:61:2401200120D20,50NTRFNONREF\n:86:Groceries\n"
                                 ":62F:C240131EUR579,50\n-\n");
        CPPUNIT_ASSERT_MESSAGE(jsonText(january), warningsOf(january).empty());
        auto march = statement(":20:MAR\n:25:NL00KNAB0123456789\n:28C:3\n"
                               ":60F:C240301EUR600,00\n:61:2403050305D10,00NTRFNONREF\n"
                               ":86:Cafe\n:62F:C240331EUR590,00\n-\n");
        CPPUNIT_ASSERT_MESSAGE(
            jsonText(march),
            warningsOf(march) ==
                Strings({"Statement 3 states a balance of 590.00 on 2024-03-31; the ledger "
                         "of Giro has 569.50 on that date",
                         "Statement 3 opens at 600.00 on 2024-03-01; the ledger of Giro has "
                         "579.50 on 2024-02-29: 20.50 is missing between 2024-01-20 and "
                         "2024-03-01 (a statement may be missing)"}));
    }

    // docs/decisions.md D99: a running balance column is checked row by row (either direction);
    // beangulp's newest-first Chase file ends at 3409.86, which the new account's ledger (0 plus
    // the six rows) is not.
    void csvRunningBalance() {
        AppHarness app;
        const std::string key = app.createKey("Chase family");
        const std::string account = makeAccount(app, key, "Checking", "USD");
        auto broken =
            createCsv(app, key,
                      "date,name,amount,balance\n01/01/2024,A,-10.00,90.00\n"
                      "01/02/2024,B,-5.00,80.00\n01/03/2024,C,1.00,81.00\n",
                      R"("account_id":")" + account + R"(","balance_col_label":"balance")");
        CPPUNIT_ASSERT_MESSAGE(jsonText(broken),
                               warningsOf(broken) ==
                                   Strings({"Line 3: the balance 80.00 is not 85.00 (the balance "
                                            "of line 2, 90.00, plus the amount -5.00)"}));
        auto created = uploadFile(app, key, "TransactionImport", "statement.csv", "text/csv",
                                  fixture("../realworld/csv/beancount__beangulp__statement.csv"),
                                  {{"publish", "true"},
                                   {"account_id", account},
                                   {"date_col_label", "Posting Date"},
                                   {"name_col_label", "Description"},
                                   {"balance_col_label", "Balance"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), detail->getValue<std::string>("status"));
        CPPUNIT_ASSERT_MESSAGE(jsonText(detail),
                               warningsOf(detail) ==
                                   Strings({"The file states a balance of 3409.86 on 2016-03-18; "
                                            "the ledger of Checking has -1490.16 on that date"}));
    }

    // docs/decisions.md D95: preflight runs the options on the rows and lists their errors.
    void preflightChecksRows() {
        AppHarness app;
        const std::string key = app.createKey("Preflight family");
        auto r = app.postJson("/api/v1/imports/preflight",
                              R"({"date_format":"%d.%m.%Y","raw_file_content":)" +
                                  jsonQuote("date,name,amount\n01/02/2024,Cafe,-4.50\n"
                                            "02.01.2024,Shop,-2.00\n") +
                                  "}",
                              key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        CPPUNIT_ASSERT_MESSAGE(
            r.body, r.body.find(R"("row_checks":{"rows_checked":2,"invalid_rows_count":1,)"
                                R"("row_errors":[{"row":1,"line":2,"field":"date","message":)"
                                R"("Date must exactly match the format: %d.%m.%Y"}]})") !=
                        std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(HonestImportApiTest);
