// Statement files over the API (docs/decisions.md D48–D52, D58, D62–D66): OfxImport,
// CamtImport and Mt940Import from tests/fixtures/realworld (README rows) end to end — statement
// accounts by kind and key, external ids that make a second import create nothing, warnings,
// opening anchors, publish, balances and revert — and the D65 refusals.
#include "FormatsSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::test;
using Strings = std::vector<std::string>;
using Fields = std::vector<std::pair<std::string, std::string>>;

namespace {

std::string realworld(const std::string& file) {
    return fixture("../realworld/" + file);
}

std::string joined(const Strings& lines) {
    std::string out;
    for (const auto& l : lines)
        out += l + "\n";
    return out;
}

Strings warningsOf(const Poco::JSON::Object::Ptr& detail) {
    Strings out;
    auto array = detail->getArray("warnings");
    CPPUNIT_ASSERT_MESSAGE("warnings is always present", !array.isNull());
    for (std::size_t i = 0; i < array->size(); ++i)
        out.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
    return out;
}

// A key of a family whose currency is `currency` (the harness creates families in USD).
std::string familyKey(AppHarness& app, const std::string& family, const std::string& currency) {
    std::string key = app.createKey(family);
    app.server().database().write([&](finimport::store::Tx& s) {
        finimport::store::sqlExec(s, "UPDATE families SET currency = ? WHERE name = ?",
                                  {currency, family});
    });
    return key;
}

int statInt(const Poco::JSON::Object::Ptr& detail, const std::string& name) {
    return detail->getObject("stats")->getValue<int>(name);
}

} // namespace

class StatementApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StatementApiTest);
    CPPUNIT_TEST(ofxBankFileCreatesOneAccountPerStatementWithEntries);
    CPPUNIT_TEST(ofxCreditCardBalanceAndSecondImportCreatesNothing);
    CPPUNIT_TEST(ofxDecimalCommaAndEscapedEntities);
    CPPUNIT_TEST(ofxSgmlBodyUnderAnXmlHeader);
    CPPUNIT_TEST(ofxEmptyCurrencyTakesTheFamilysWithAWarning);
    CPPUNIT_TEST(ofxInvestmentsBecomeTradesAndCash);
    CPPUNIT_TEST(ofxInvestmentTransferAndSpecExample);
    CPPUNIT_TEST(reinvestKeepsBuyAndIncomeUnderOneFitid);
    CPPUNIT_TEST(camtStatementsWithOpeningAnchorsAndWarnings);
    CPPUNIT_TEST(camtReportAndSecondImportIntoOneAccount);
    CPPUNIT_TEST(mt940FromRawContentPublishesAndReverts);
    CPPUNIT_TEST(fuzzCrashOfxIsRefused);
    CPPUNIT_TEST(wrongFileTypesNameTheFormat);
    CPPUNIT_TEST(camtIsRecognisedByItsContent);
    CPPUNIT_TEST(accountOfAnotherKindIsRefused);
    CPPUNIT_TEST(declaredCharsetComesBeforeThePartCharset);
    CPPUNIT_TEST(differentExternalIdsNeverMatch);
    CPPUNIT_TEST(preflightReadsTheStatement);
    CPPUNIT_TEST(warningsAreCapped);
    CPPUNIT_TEST(tooManyStatementsAreRefused);
    CPPUNIT_TEST_SUITE_END();

    // Uploads a realworld fixture and answers the import after the job queue ran.
    static Poco::JSON::Object::Ptr importFile(AppHarness& app, const std::string& key,
                                              const std::string& type, const std::string& file,
                                              const std::string& contentType,
                                              Fields fields = {{"publish", "true"}}) {
        const std::string name = file.substr(file.rfind('/') + 1);
        auto created = uploadFile(app, key, type, name, contentType, realworld(file), fields);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        return importDetail(app, key,
                            jsonObject(created)->getObject("data")->getValue<std::string>("id"));
    }

    static void assertComplete(const Poco::JSON::Object::Ptr& detail) {
        CPPUNIT_ASSERT_EQUAL_MESSAGE(detail->optValue<std::string>("error", ""),
                                     std::string("complete"),
                                     detail->getValue<std::string>("status"));
    }

    static Strings accountNames(AppHarness& app) {
        return column(app, "SELECT name || ' ' || account_type || ' ' || currency FROM accounts "
                           "ORDER BY name");
    }

public:
    void ofxBankFileCreatesOneAccountPerStatementWithEntries() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        // A bank STMTRS (four BANKTRANLISTs) and a CCSTMTRS with no entries: one account.
        auto detail =
            importFile(app, key, "OfxImport", "ofx/OCA__bank-statement-import__test_ofx_iban.ofx",
                       "application/x-ofx");
        assertComplete(detail);
        CPPUNIT_ASSERT_EQUAL(4, statInt(detail, "rows_count"));
        // The file states no opening balance: the new account starts at 0, so its ledger is not
        // the 2156.56 the bank states (docs/decisions.md D98).
        CPPUNIT_ASSERT_MESSAGE(
            joined(warningsOf(detail)),
            warningsOf(detail) == Strings({"Statement 1 states a balance of 2156.56 on 2013-08-31; "
                                           "the ledger of Depository \u2022\u20228901 has -360.00 "
                                           "on that date"}));
        CPPUNIT_ASSERT(accountNames(app) ==
                       Strings({"Depository \u2022\u20228901 depository USD"}));
        CPPUNIT_ASSERT(column(app, "SELECT amount || ' ' || external_id || ' ' || date FROM "
                                   "entries ORDER BY external_id") ==
                       Strings({"8000000000 219378 2013-08-24", "9000000000 219379 2013-08-24",
                                "10000000000 219380 2013-08-24", "9000000000 219381 2013-08-24"}));
        CPPUNIT_ASSERT(latestBalance(app, key, "Depository \u2022\u20228901") ==
                       std::make_pair(std::string("-$360.00"), int64_t(-36000)));
    }

    void ofxCreditCardBalanceAndSecondImportCreatesNothing() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        const std::string file = "ofx/beancount__beangulp__ofxdownload.ofx";
        auto first = importFile(app, key, "OfxImport", file, "application/x-ofx");
        assertComplete(first);
        CPPUNIT_ASSERT_EQUAL(12, statInt(first, "rows_count"));
        CPPUNIT_ASSERT(accountNames(app) ==
                       Strings({"Credit Card \u2022\u20221222 credit_card USD"}));
        // 12 transactions, sum -352.82 (money in positive): a card owes 352.82.
        CPPUNIT_ASSERT(column(app, "SELECT SUM(amount) FROM entries") == Strings({"35282000000"}));
        CPPUNIT_ASSERT(latestBalance(app, key, "Credit Card \u2022\u20221222") ==
                       std::make_pair(std::string("$352.82"), int64_t(35282)));

        // The same file again: every row is a duplicate by FITID, nothing is created.
        auto second = importFile(app, key, "OfxImport", file, "application/x-ofx", {});
        CPPUNIT_ASSERT_EQUAL(12, statInt(second, "duplicate_rows_count"));
        auto published = app.postJson(
            "/api/v1/imports/" + second->getValue<std::string>("id") + "/publish", "{}", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(published.body, 200, published.status);
        auto done = importDetail(app, key, second->getValue<std::string>("id"));
        assertComplete(done);
        CPPUNIT_ASSERT_EQUAL(12, statInt(done, "duplicate_rows_count"));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries") == Strings({"12"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM accounts") == Strings({"1"}));
        // The second import depends on the first one's entries (docs/decisions.md D64): no revert
        // under it.
        auto blocked = app.postJson(
            "/api/v1/imports/" + first->getValue<std::string>("id") + "/revert", "{}", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(blocked.body, 409, blocked.status);
        CPPUNIT_ASSERT_EQUAL(std::string("revert_blocked"),
                             jsonObject(blocked)->getValue<std::string>("error"));
    }

    void ofxDecimalCommaAndEscapedEntities() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        assertComplete(importFile(app, key, "OfxImport", "ofx/csingley__ofxtools__stmtrs_euro.ofx",
                                  "application/x-ofx"));
        CPPUNIT_ASSERT(column(app, "SELECT date || ' ' || amount FROM entries ORDER BY date") ==
                       Strings({"2005-10-04 20000000000", "2005-10-20 30000000000"}));

        AppHarness cad;
        const std::string cadKey = familyKey(cad, "Canada family", "CAD");
        auto detail =
            importFile(cad, cadKey, "OfxImport", "ofx/actualbudget__actual__html-vals.qfx",
                       "application/vnd.intu.qfx");
        assertComplete(detail);
        // Double-escaped entities are decoded until stable.
        CPPUNIT_ASSERT(column(cad, "SELECT name FROM entries ORDER BY date") ==
                       Strings({"TPAY <DEFTPYMT>", "000000000000000"}));
        CPPUNIT_ASSERT(column(cad, "SELECT notes FROM entries ORDER BY date DESC").at(0) ==
                       "PREAUTHORIZED DEBIT;B.C. HYDRO & POWER AUTHORITY;Electronic Funds "
                       "Transfer");
        CPPUNIT_ASSERT(column(cad, "SELECT SUM(amount) FROM entries") == Strings({"200000000"}));
    }

    void ofxSgmlBodyUnderAnXmlHeader() {
        AppHarness app;
        const std::string key = familyKey(app, "Aussie family", "AUD");
        // An OFX 2.03 header over unclosed SGML elements (ANZ credit card).
        auto detail = importFile(app, key, "OfxImport", "ofx/jseutter__ofxparse__anzcc.ofx",
                                 "application/x-ofx");
        assertComplete(detail);
        CPPUNIT_ASSERT(accountNames(app) ==
                       Strings({"Credit Card \u2022\u20221234 credit_card AUD"}));
        CPPUNIT_ASSERT(column(app, "SELECT date || ' ' || amount || ' ' || name || ' ' || "
                                   "external_id FROM entries") ==
                       Strings({"2017-05-08 550000000 SOME MEMO 201705080001"}));
        CPPUNIT_ASSERT(latestBalance(app, key, "Credit Card \u2022\u20221234") ==
                       std::make_pair(std::string("AU$5.50"), int64_t(550)));
    }

    void ofxEmptyCurrencyTakesTheFamilysWithAWarning() {
        AppHarness app;
        const std::string key = familyKey(app, "Aussie family", "AUD");
        auto detail =
            importFile(app, key, "OfxImport", "ofx/jseutter__ofxparse__ofx-v102-empty-tags.ofx",
                       "application/x-ofx");
        assertComplete(detail);
        CPPUNIT_ASSERT(warningsOf(detail) ==
                       Strings({"Statement 1 states no currency (CURDEF is empty): its entries "
                                "take the account's currency"}));
        CPPUNIT_ASSERT(accountNames(app) ==
                       Strings({"Depository \u2022\u20225678 depository AUD"}));
        CPPUNIT_ASSERT(column(app, "SELECT date || ' ' || amount || ' ' || currency || ' ' || "
                                   "COALESCE(external_id, 'none') FROM entries") ==
                       Strings({"2018-05-07 -1234000000 AUD none"}));
        // The warnings are stored: show answers them too.
        auto shown = app.get("/api/v1/imports/" + detail->getValue<std::string>("id"), key);
        CPPUNIT_ASSERT(warningsOf(jsonObject(shown)->getObject("data")).size() == 1);
    }

    void ofxInvestmentsBecomeTradesAndCash() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        const std::string file = "ofx/jseutter__ofxparse__fidelity.ofx";
        auto detail = importFile(app, key, "OfxImport", file, "application/x-ofx");
        assertComplete(detail);
        CPPUNIT_ASSERT_EQUAL(17, statInt(detail, "rows_count"));
        CPPUNIT_ASSERT(accountNames(app) ==
                       Strings({"Investment \u2022\u20227890 investment USD"}));
        CPPUNIT_ASSERT(column(app, "SELECT entryable_type || ' ' || COUNT(*) FROM entries GROUP "
                                   "BY entryable_type ORDER BY entryable_type") ==
                       Strings({"Trade 10", "Transaction 7"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries WHERE external_id IS NULL") ==
                       Strings({"0"}));
        // Securities are named from the SECLIST (docs/decisions.md D60).
        CPPUNIT_ASSERT(column(app, "SELECT ticker || ' ' || name FROM securities WHERE ticker "
                                   "IN ('INTC', 'SPY') ORDER BY ticker") ==
                       Strings({"INTC INTEL CORP", "SPY SPDR S&P 500 ETF TRUST UNIT SER 1 S&P"}));
        // Again: the 17 FITIDs match, trades against trades and cash against cash.
        auto again = importFile(app, key, "OfxImport", file, "application/x-ofx");
        assertComplete(again);
        CPPUNIT_ASSERT_EQUAL(17, statInt(again, "duplicate_rows_count"));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries") == Strings({"17"}));
    }

    void ofxInvestmentTransferAndSpecExample() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        assertComplete(importFile(app, key, "OfxImport", "ofx/jseutter__ofxparse__tiaacref.ofx",
                                  "application/x-ofx"));
        CPPUNIT_ASSERT(accountNames(app) ==
                       Strings({"Investment \u2022\u2022C333 investment USD"}));
        CPPUNIT_ASSERT(column(app, "SELECT e.external_id || ' ' || t.price || ' ' || e.amount "
                                   "FROM entries e JOIN trades t ON t.entry_id = e.id") ==
                       Strings({"TIAA#20170307160000.000[-4:EDT]160000.000[-4:EDT] 0 0"}));

        AppHarness spec;
        const std::string specKey = spec.createKey("Statement family");
        assertComplete(importFile(spec, specKey, "OfxImport",
                                  "ofx/csingley__ofxtools__invstmtrs.ofx", "application/x-ofx"));
        CPPUNIT_ASSERT(
            column(spec, "SELECT entryable_type || ' ' || date || ' ' || amount FROM "
                         "entries ORDER BY entryable_type") ==
            Strings({"Trade 2005-08-25 502500000000", "Transaction 2005-08-25 -100000000000"}));
    }

    void reinvestKeepsBuyAndIncomeUnderOneFitid() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        const std::string secId = "<SECID><UNIQUEID>US0000000001<UNIQUEIDTYPE>ISIN</SECID>";
        const std::string ofx =
            "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS>"
            "<INVSTMTRS><DTASOF>20240131<CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>5555"
            "</INVACCTFROM><INVTRANLIST><DTSTART>20240101<DTEND>20240131<REINVEST><INVTRAN>"
            "<FITID>R1<DTTRADE>20240110</INVTRAN>" +
            secId +
            "<INCOMETYPE>DIV<TOTAL>-30.00<UNITS>2.5<UNITPRICE>12</REINVEST></INVTRANLIST>"
            "</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1><SECLISTMSGSRSV1><SECLIST><STOCKINFO>"
            "<SECINFO>" +
            secId +
            "<SECNAME>Acme &amp; Sons<TICKER>acme</SECINFO></STOCKINFO></SECLIST>"
            "</SECLISTMSGSRSV1></OFX>\n";
        auto publish = [&]() {
            auto r = uploadFile(app, key, "OfxImport", "reinvest.ofx", "application/x-ofx", ofx);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
            auto detail = importDetail(
                app, key, jsonObject(r)->getObject("data")->getValue<std::string>("id"));
            assertComplete(detail);
            return statInt(detail, "duplicate_rows_count");
        };
        // docs/decisions.md D60: a buy and the income that paid for it, both with FITID R1: both
        // kept.
        CPPUNIT_ASSERT_EQUAL(0, publish());
        CPPUNIT_ASSERT(column(app, "SELECT entryable_type || ' ' || amount || ' ' || external_id "
                                   "FROM entries ORDER BY entryable_type") ==
                       Strings({"Trade 3000000000 R1", "Transaction -3000000000 R1"}));
        CPPUNIT_ASSERT(column(app, "SELECT ticker || ' ' || name FROM securities") ==
                       Strings({"ACME Acme & Sons"}));
        // Again: the trade matches the trade and the income the income.
        CPPUNIT_ASSERT_EQUAL(2, publish());
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries") == Strings({"2"}));

        // docs/decisions.md D60: a file without the SECLIST names the security by its ISIN (ticker
        // = the UNIQUEID): the same security of the family is found by that key.
        std::string bare = ofx.substr(0, ofx.find("<SECLISTMSGSRSV1>")) + "</OFX>\n";
        bare.replace(bare.find("<FITID>R1"), 9, "<FITID>R2");
        CPPUNIT_ASSERT_EQUAL(0, [&] {
            auto r = uploadFile(app, key, "OfxImport", "bare.ofx", "application/x-ofx", bare);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
            auto detail = importDetail(
                app, key, jsonObject(r)->getObject("data")->getValue<std::string>("id"));
            assertComplete(detail);
            return statInt(detail, "duplicate_rows_count");
        }());
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM securities") == Strings({"1"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(DISTINCT security_id) FROM trades") ==
                       Strings({"1"}));
        // Without any FITID the exact rule finds both at upload, the security by its ISIN.
        std::string noId = bare;
        noId.erase(noId.find("<FITID>R2"), 9);
        auto counted = uploadFile(app, key, "OfxImport", "noid.ofx", "application/x-ofx", noId, {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(counted.body, 201, counted.status);
        CPPUNIT_ASSERT_EQUAL(
            2, statInt(jsonObject(counted)->getObject("data"), "duplicate_rows_count"));
    }

    void camtStatementsWithOpeningAnchorsAndWarnings() {
        AppHarness app;
        const std::string key = familyKey(app, "Euro family", "EUR");
        // Two statements of one account: the earliest one's opening balance is the anchor.
        auto multi =
            importFile(app, key, "CamtImport", "camt/genkgo__camt__camt053.v2.multi.statement.xml",
                       "application/xml");
        assertComplete(multi);
        CPPUNIT_ASSERT_MESSAGE(joined(warningsOf(multi)), warningsOf(multi).empty());
        const std::string genkgo = "Depository \u2022\u20226890";
        CPPUNIT_ASSERT(column(app, "SELECT e.date || ' ' || e.amount FROM entries e JOIN "
                                   "valuations v ON v.entry_id = e.id WHERE v.kind = "
                                   "'opening_anchor'") == Strings({"2014-12-30 1815000000"}));
        CPPUNIT_ASSERT(column(app, "SELECT amount || ' ' || notes FROM entries WHERE "
                                   "entryable_type = 'Transaction' ORDER BY amount") ==
                       Strings({"-885000000 Transaction Description 1",
                                "700000000 Transaction Description 2"}));
        // 18.15 + 8.85 − 7.00 = 20.00, the second statement's closing balance.
        CPPUNIT_ASSERT(latestBalance(app, key, genkgo) ==
                       std::make_pair(std::string("\u20ac20.00"), int64_t(2000)));

        // A batch entry (RvslInd true, 2 details) and a file that does not reconcile.
        auto oca = importFile(app, key, "CamtImport",
                              "camt/OCA__bank-statement-import__test-camt053", "application/xml");
        assertComplete(oca);
        CPPUNIT_ASSERT_MESSAGE(
            joined(warningsOf(oca)),
            warningsOf(oca) ==
                Strings({"Statement 1234Test/1: opening 15568.27 + entries -12.99 = "
                         "15555.28, but the statement states 15121.12",
                         // docs/decisions.md D98: so the ledger is not what it states.
                         "Statement 1234Test/1 states a balance of 15121.12 on 2014-01-05; "
                         "the ledger of Depository \u2022\u20228765 has 15555.28 on that "
                         "date"}));
        const std::string abn = "Depository \u2022\u20228765";
        auto abnId = column(app, "SELECT id FROM accounts WHERE name = ?", {abn}).at(0);
        CPPUNIT_ASSERT(column(app,
                              "SELECT amount FROM entries WHERE account_id = ? AND "
                              "entryable_type = 'Transaction' ORDER BY amount",
                              {abnId}) ==
                       Strings({"-140531000000", "10000000000", "56405000000", "75425000000"}));
        CPPUNIT_ASSERT(latestBalance(app, key, abn) ==
                       std::make_pair(std::string("\u20ac15,555.28"), int64_t(1555528)));

        // UTF-8 Lithuanian text and a reconciling statement.
        auto simple =
            importFile(app, key, "CamtImport", "camt/kedder__ofxstatement-iso20022__simple.xml",
                       "application/xml");
        assertComplete(simple);
        CPPUNIT_ASSERT_EQUAL(4, statInt(simple, "rows_count"));
        CPPUNIT_ASSERT(latestBalance(app, key, "Depository \u2022\u20220000") ==
                       std::make_pair(std::string("\u20ac125.52"), int64_t(12552)));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries WHERE notes = ? OR name = ?",
                              {std::string("S\u0105skaitos aptarnavimo mokestis"),
                               std::string("S\u0105skaitos aptarnavimo mokestis")}) ==
                       Strings({"1"}));
    }

    void camtReportAndSecondImportIntoOneAccount() {
        AppHarness app;
        const std::string key = familyKey(app, "Euro family", "EUR");
        auto account = app.postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,Giro,0,EUR,2021-01-01\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, account.status);
        app.waitForJobs();
        const std::string giro = column(app, "SELECT id FROM accounts WHERE name = 'Giro'").at(0);
        const std::string file = "camt/kedder__ofxstatement-iso20022__camt052.xml";
        auto first = importFile(app, key, "CamtImport", file, "text/xml",
                                {{"publish", "true"}, {"account_id", giro}});
        assertComplete(first);
        CPPUNIT_ASSERT_EQUAL(5, statInt(first, "rows_count"));
        // NONREF is no id: four rows keep none (the exact rule finds them again), one keeps
        // its AcctSvcrRef.
        CPPUNIT_ASSERT(column(app,
                              "SELECT COALESCE(external_id, '0') FROM entries WHERE "
                              "account_id = ? AND entryable_type = 'Transaction' ORDER BY "
                              "1",
                              {giro}) == Strings({"0", "0", "0", "0", "12345678"}));
        CPPUNIT_ASSERT(column(app,
                              "SELECT SUM(amount) FROM entries WHERE account_id = ? AND "
                              "entryable_type = 'Transaction'",
                              {giro}) == Strings({"25140000000"}));
        auto second = importFile(app, key, "CamtImport", file, "text/xml",
                                 {{"publish", "true"}, {"account_id", giro}});
        assertComplete(second);
        CPPUNIT_ASSERT_EQUAL(5, statInt(second, "duplicate_rows_count"));
        CPPUNIT_ASSERT(column(app,
                              "SELECT COUNT(*) FROM entries WHERE account_id = ? AND "
                              "entryable_type = 'Transaction'",
                              {giro}) == Strings({"5"}));
        // No account was created (account_id takes every statement).
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM accounts") == Strings({"1"}));
    }

    void mt940FromRawContentPublishesAndReverts() {
        AppHarness app;
        const std::string key = familyKey(app, "Euro family", "EUR");
        const std::string content = realworld("other/WoLpH__mt940__abnamro.sta");
        auto created =
            app.postJson("/api/v1/imports",
                         R"({"type":"Mt940Import","publish":"true","raw_file_content":)" +
                             jsonQuote(content) + "}",
                         key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        const std::string id = jsonObject(created)->getObject("data")->getValue<std::string>("id");
        auto detail = importDetail(app, key, id);
        assertComplete(detail);
        CPPUNIT_ASSERT_EQUAL(10, statInt(detail, "rows_count"));
        CPPUNIT_ASSERT_MESSAGE(
            joined(warningsOf(detail)),
            warningsOf(detail) ==
                Strings({"Statement 19321/1: opening 3236.28 + entries -321.44 = 2914.84, "
                         "but the statement states 876.84",
                         "Statement 19322/1: opening 2876.84 + entries -24.49 = 2852.35, "
                         "but the statement states 1849.75",
                         // docs/decisions.md D98: the account's last statement against
                         // the ledger (the file does not reconcile).
                         "Statement 19322/1 states a balance of 1849.75 on 2011-05-24; the "
                         "ledger of Depository \u2022\u20222257 has 2890.35 on that date"}));
        CPPUNIT_ASSERT(
            column(app, "SELECT -amount FROM entries WHERE entryable_type = "
                        "'Transaction' ORDER BY amount DESC") ==
            Strings({"-14148000000", "-10700000000", "-1549000000", "-1500000000", "-1345000000",
                     "-1180000000", "-1163000000", "-1159000000", "-949000000", "-900000000"}));
        const std::string name = "Depository \u2022\u20222257";
        // Opening anchor 3236.28 (first statement) + entries -345.93.
        CPPUNIT_ASSERT(latestBalance(app, key, name) ==
                       std::make_pair(std::string("\u20ac2,890.35"), int64_t(289035)));

        auto reverted = app.postJson("/api/v1/imports/" + id + "/revert", "{}", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(reverted.body, 200, reverted.status);
        CPPUNIT_ASSERT(warningsOf(jsonObject(reverted)->getObject("data")).size() == 3);
        app.waitForJobs();
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries") == Strings({"0"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM accounts") == Strings({"0"}));
    }

    void fuzzCrashOfxIsRefused() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        auto r =
            uploadFile(app, key, "OfxImport", "heap-buffer-overflow-2.ofx", "application/x-ofx",
                       realworld("ofx/libofx__libofx__heap-buffer-overflow-2.ofx"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_ofx"),
                             jsonObject(r)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The OFX could not be parsed: the file contains a NUL byte (line 1)"),
            jsonObject(r)->getValue<std::string>("message"));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM imports") == Strings({"0"}));

        auto camt = app.postJson(
            "/api/v1/imports",
            R"({"type":"CamtImport","raw_file_content":"<Document><BkToCstmrStmt>"})", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(camt.body, 422, camt.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_camt"),
                             jsonObject(camt)->getValue<std::string>("error"));
        CPPUNIT_ASSERT(jsonObject(camt)->getValue<std::string>("message").rfind(
                           "The CAMT could not be parsed: ", 0) == 0);
    }

    void wrongFileTypesNameTheFormat() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        const std::vector<std::pair<std::string, std::string>> cases = {
            {"OfxImport", "an OFX file"},
            {"CamtImport", "a CAMT XML file"},
            {"Mt940Import", "an MT940 file"}};
        for (const auto& [type, noun] : cases) {
            auto r = uploadFile(app, key, type, "statement.csv", "text/csv", "Date,Amount\n");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(type + ": " + r.body, 422, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("invalid_file_type"),
                                 jsonObject(r)->getValue<std::string>("error"));
            CPPUNIT_ASSERT_EQUAL("Invalid file type. Please upload " + noun + ".",
                                 jsonObject(r)->getValue<std::string>("message"));
        }
    }

    void camtIsRecognisedByItsContent() {
        AppHarness app;
        const std::string key = familyKey(app, "Euro family", "EUR");
        // The OCA file has no extension; sent as octet-stream it is known by `<?xml`.
        auto detail =
            importFile(app, key, "CamtImport", "camt/OCA__bank-statement-import__test-camt053",
                       "application/octet-stream");
        assertComplete(detail);
        CPPUNIT_ASSERT_EQUAL(4, statInt(detail, "rows_count"));
    }

    void accountOfAnotherKindIsRefused() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        auto account = app.postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,Main,0,USD,2013-01-01\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, account.status);
        app.waitForJobs();
        const std::string mainId = column(app, "SELECT id FROM accounts WHERE name = 'Main'").at(0);
        // A credit-card statement into a depository account.
        auto r = uploadFile(app, key, "OfxImport", "amex.ofx", "application/x-ofx",
                            realworld("ofx/beancount__beangulp__ofxdownload.ofx"),
                            {{"account_id", mainId}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Account type does not match the statement"),
                             jsonObject(r)->getValue<std::string>("message"));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM imports WHERE type = 'OfxImport'") ==
                       Strings({"0"}));
        // The bank statement fits (its empty credit-card statement does not count).
        auto fits = uploadFile(app, key, "OfxImport", "iban.ofx", "application/x-ofx",
                               realworld("ofx/OCA__bank-statement-import__test_ofx_iban.ofx"),
                               {{"account_id", mainId}, {"publish", "true"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(fits.body, 201, fits.status);
        app.waitForJobs();
        CPPUNIT_ASSERT(column(app,
                              "SELECT COUNT(*) FROM entries WHERE account_id = ? AND "
                              "entryable_type = 'Transaction'",
                              {mainId}) == Strings({"4"}));
    }

    void declaredCharsetComesBeforeThePartCharset() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        // CHARSET:1252 wins over the part's utf-8: 0xE9 is "é".
        const std::string ofx =
            "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n"
            "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>55512345"
            "</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105"
            "<TRNAMT>-4.50<FITID>A1<NAME>Caf\xe9</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>"
            "</BANKMSGSRSV1></OFX>\n";
        auto created =
            uploadFile(app, key, "OfxImport", "cafe.ofx", "application/x-ofx; charset=utf-8", ofx);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto data = jsonObject(created)->getObject("data");
        assertComplete(importDetail(app, key, data->getValue<std::string>("id")));
        CPPUNIT_ASSERT_EQUAL(std::string("windows-1252"),
                             data->getObject("configuration")->getValue<std::string>("encoding"));
        CPPUNIT_ASSERT(column(app, "SELECT name FROM entries") == Strings({"Caf\u00e9"}));

        // CAMT: the XML declaration's ISO-8859-1 wins over the part's utf-8.
        std::string camt = realworld("camt/genkgo__camt__camt053.v2.multi.statement.xml");
        camt.replace(camt.find("UTF-8"), 5, "ISO-8859-1");
        camt.replace(camt.find("Transaction Description 1"), 25, "Caf\xe9 cr\xe8me");
        auto latin =
            uploadFile(app, key, "CamtImport", "latin.xml", "text/xml; charset=utf-8", camt);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(latin.body, 201, latin.status);
        auto latinData = jsonObject(latin)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(
            std::string("ISO-8859-1"),
            latinData->getObject("configuration")->getValue<std::string>("encoding"));
        auto rows = jsonObject(
            app.get("/api/v1/imports/" + latinData->getValue<std::string>("id") + "/rows", key));
        CPPUNIT_ASSERT(
            rows->getArray("data")->getObject(0)->getObject("fields")->getValue<std::string>(
                "notes") == "Caf\u00e9 cr\u00e8me");

        // The request's encoding wins over the declaration.
        auto forced = uploadFile(app, key, "OfxImport", "cafe.ofx", "application/x-ofx", ofx,
                                 {{"encoding", "ISO-8859-2"}});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(forced.body, 201, forced.status);
        CPPUNIT_ASSERT_EQUAL(std::string("ISO-8859-2"), jsonObject(forced)
                                                            ->getObject("data")
                                                            ->getObject("configuration")
                                                            ->getValue<std::string>("encoding"));
    }

    void differentExternalIdsNeverMatch() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        auto statement = [](const std::string& fitid) {
            return "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS>"
                   "<STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>99990001</BANKACCTFROM>"
                   "<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-4.50<FITID>" +
                   fitid +
                   "<NAME>Coffee</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>"
                   "</OFX>\n";
        };
        auto publish = [&](const std::string& body) {
            auto r = uploadFile(app, key, "OfxImport", "s.ofx", "application/x-ofx", body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
            auto detail = importDetail(
                app, key, jsonObject(r)->getObject("data")->getValue<std::string>("id"));
            assertComplete(detail);
            return statInt(detail, "duplicate_rows_count");
        };
        CPPUNIT_ASSERT_EQUAL(0, publish(statement("A1")));
        // Same date, amount and name but another FITID: a second coffee, not a duplicate.
        CPPUNIT_ASSERT_EQUAL(0, publish(statement("B2")));
        // The same FITID: a duplicate.
        CPPUNIT_ASSERT_EQUAL(1, publish(statement("B2")));
        // NONREF is no id: the exact rule matches the first coffee.
        CPPUNIT_ASSERT_EQUAL(1, publish(statement("NONREF")));
        CPPUNIT_ASSERT(column(app, "SELECT external_id FROM entries ORDER BY external_id") ==
                       Strings({"A1", "B2"}));

        // Rows of one file never match each other by id: two entries sharing a FITID on a new
        // account are both created.
        std::string twice = statement("C3");
        const std::string entry = twice.substr(
            twice.find("<STMTTRN>"), twice.find("</BANKTRANLIST>") - twice.find("<STMTTRN>"));
        twice.insert(twice.find("</BANKTRANLIST>"), entry);
        twice.replace(twice.find("99990001"), 8, "99990002");
        CPPUNIT_ASSERT_EQUAL(0, publish(twice));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM entries WHERE external_id = 'C3'") ==
                       Strings({"2"}));
    }

    void preflightReadsTheStatement() {
        AppHarness app;
        const std::string key = app.createKey("Statement family");
        MultipartBuilder form;
        form.field("type", "OfxImport");
        form.file("file", "empty-tags.ofx", "application/x-ofx",
                  realworld("ofx/jseutter__ofxparse__ofx-v102-empty-tags.ofx"));
        auto r = app.postMultipart("/api/v1/imports/preflight", form, key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto data = jsonObject(r)->getObject("data");
        CPPUNIT_ASSERT(data->getValue<bool>("valid"));
        // One entry (the statement and its warning are not rows); the warning is reported.
        CPPUNIT_ASSERT_EQUAL(1, data->getObject("stats")->getValue<int>("rows_count"));
        CPPUNIT_ASSERT(warningsOf(data) ==
                       Strings({"Statement 1 states no currency (CURDEF is empty): its entries "
                                "take the account's currency"}));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM imports") == Strings({"0"}));

        MultipartBuilder broken;
        broken.field("type", "OfxImport");
        broken.file("file", "crash.ofx", "application/x-ofx",
                    realworld("ofx/libofx__libofx__heap-buffer-overflow-2.ofx"));
        auto refused = app.postMultipart("/api/v1/imports/preflight", broken, key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(refused.body, 422, refused.status);
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_ofx"),
                             jsonObject(refused)->getValue<std::string>("error"));
    }

    // At most 1,000 warnings are kept, then one line counts the rest.
    void warningsAreCapped() {
        AppHarness app;
        const std::string key = familyKey(app, "Euro family", "EUR");
        std::string file;
        for (int i = 1; i <= 1002; ++i)
            file += ":20:REF\n:25:NL91ABNA0417164300\n:28C:" + std::to_string(i) +
                    "/1\n:60F:C240101EUR100,00\n:61:2401020102D1,00NTRFNONREF\n:86:Fee\n"
                    ":62F:C240102EUR50,00\n-\n";
        auto created = uploadFile(app, key, "Mt940Import", "many.sta", "text/plain", file, {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body.substr(0, 400), 201, created.status);
        auto data = jsonObject(created)->getObject("data");
        CPPUNIT_ASSERT_EQUAL(1002, statInt(data, "rows_count"));
        const Strings warnings = warningsOf(data);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1001), warnings.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Statement 1/1: opening 100.00 + entries -1.00 = 99.00, "
                                         "but the statement states 50.00"),
                             warnings.front());
        CPPUNIT_ASSERT_EQUAL(std::string("2 more warnings not listed."), warnings.back());
    }

    // The host keeps at most 10,000 statements of a file (the built-in plugins stop there
    // themselves): a third-party plugin emitting more is refused and nothing is stored.
    void tooManyStatementsAreRefused() {
        HarnessOptions options;
        options.pluginDirs = {STATEMENT_FLOOD_DIR};
        options.configure = [](finimport::server::Config& c) { c.pluginIsolation = "inline"; };
        AppHarness app(options);
        const std::string key = app.createKey("Statement family");
        auto r = app.postJson("/api/v1/imports",
                              R"({"type":"FloodImport","raw_file_content":"anything"})", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("too_many_statements"),
                             jsonObject(r)->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("The file has more than 10000 statements."),
                             jsonObject(r)->getValue<std::string>("message"));
        CPPUNIT_ASSERT(column(app, "SELECT COUNT(*) FROM imports") == Strings({"0"}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StatementApiTest);
