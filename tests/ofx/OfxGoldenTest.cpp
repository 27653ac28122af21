// Every OFX file of tests/fixtures/realworld/ofx through the built plugin: the records must
// equal golden/*.jsonl, and the values the fixtures README (and the source projects' tests)
// assert are checked one by one.
#include "OfxTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using ofxtest::sum;
using ofxtest::value;
using Strings = std::vector<std::string>;

class OfxGoldenTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OfxGoldenTest);
    CPPUNIT_TEST(twoStatementsFourTranLists);
    CPPUNIT_TEST(doubleEscapedEntities);
    CPPUNIT_TEST(amexCreditCard);
    CPPUNIT_TEST(investmentSpecExample);
    CPPUNIT_TEST(decimalComma);
    CPPUNIT_TEST(xmlHeaderOverSgmlBody);
    CPPUNIT_TEST(fidelityInvestments);
    CPPUNIT_TEST(emptyTagsAndBlankLinesBeforeHeader);
    CPPUNIT_TEST(tiaaTransferAtPriceZero);
    CPPUNIT_TEST(fuzzCrasherIsRefused);
    CPPUNIT_TEST_SUITE_END();

public:
    void twoStatementsFourTranLists() {
        auto r =
            ofxtest::runFixture("OCA__bank-statement-import__test_ofx_iban.ofx", "oca_iban.jsonl");
        CPPUNIT_ASSERT_EQUAL(0, r.raw.status);
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), r.statements.size());
        CPPUNIT_ASSERT_EQUAL(std::string("12345678901"), value(r.statements[0], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("depository"), value(r.statements[0], "account_kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("2156.56"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("2013-08-31"), value(r.statements[0], "closing_date"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.statements[0], "opening_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("123412341234"), value(r.statements[1], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("credit_card"), value(r.statements[1], "account_kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("-562.00"), value(r.statements[1], "closing_balance"));
        // Four BANKTRANLIST blocks in one STMTRS: every entry, all on statement 1.
        CPPUNIT_ASSERT(r.column(r.transactions, "amount") ==
                       Strings({"-80", "-90", "-100", "-90"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "signed_amount") ==
                       Strings({"80", "90", "100", "90"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "name") ==
                       Strings({"Agrolait", "China Export", "Axelor Scuba", "China Scuba"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "external_id") ==
                       Strings({"219378", "219379", "219380", "219381"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "statement_id") == Strings({"1", "1", "1", "1"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "date") ==
                       Strings({"2013-08-24", "2013-08-24", "2013-08-24", "2013-08-24"}));
        CPPUNIT_ASSERT_EQUAL(std::string("USD"), value(r.transactions[0], "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("true"), value(r.transactions[0], "currency_given"));
        CPPUNIT_ASSERT(r.warnings.empty());
        CPPUNIT_ASSERT(r.raw.errors.empty());
    }

    void doubleEscapedEntities() {
        auto r = ofxtest::runFixture("actualbudget__actual__html-vals.qfx", "html_vals.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), r.transactions.size());
        CPPUNIT_ASSERT(r.column(r.transactions, "amount") == Strings({"-1.00", "-1.00"}));
        CPPUNIT_ASSERT_EQUAL(std::string("TPAY <DEFTPYMT>"), value(r.transactions[1], "name"));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                "PREAUTHORIZED DEBIT;B.C. HYDRO & POWER AUTHORITY;Electronic Funds Transfer"),
            value(r.transactions[0], "notes"));
        // `20230509120000.000[-5:EST]` is 9 May as written, never shifted to UTC.
        CPPUNIT_ASSERT(r.column(r.transactions, "date") == Strings({"2023-05-09", "2023-03-01"}));
        CPPUNIT_ASSERT_EQUAL(std::string("CAD"), value(r.transactions[0], "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("00000 00-00000"), value(r.statements[0], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("1111.11"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("23129130032333396279270000"),
                             value(r.transactions[0], "external_id"));
    }

    void amexCreditCard() {
        auto r = ofxtest::runFixture("beancount__beangulp__ofxdownload.ofx", "amex.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::size_t(12), r.transactions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("-352.82"), sum(r.column(r.transactions, "amount")));
        CPPUNIT_ASSERT_EQUAL(std::string("-2356.38"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("2013-12-18"), value(r.statements[0], "closing_date"));
        CPPUNIT_ASSERT_EQUAL(std::string("credit_card"), value(r.statements[0], "account_kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("379700001111222"), value(r.statements[0], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("2013-12-01"), value(r.transactions[0], "date"));
        CPPUNIT_ASSERT_EQUAL(std::string("-9.99"), value(r.transactions[0], "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("SPOTIFY USA         28770130901"),
                             value(r.transactions[0], "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("2600720879  WWW.SPOTIFY.COM"),
                             value(r.transactions[0], "notes"));
        CPPUNIT_ASSERT_EQUAL(std::string("-42.4"), value(r.transactions[3], "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("MACY'S / #003 HERALD S / NEW YORK"),
                             value(r.transactions[8], "name"));
    }

    void investmentSpecExample() {
        auto r = ofxtest::runFixture("csingley__ofxtools__invstmtrs.ofx", "invstmtrs.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::string("investment"), value(r.statements[0], "account_kind"));
        CPPUNIT_ASSERT_EQUAL(std::string("999988"), value(r.statements[0], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.trades.size());
        const auto& t = r.trades[0];
        CPPUNIT_ASSERT_EQUAL(std::string("ACME"), value(t, "ticker"));
        CPPUNIT_ASSERT_EQUAL(std::string("123456789"), value(t, "security_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("Acme Development, Inc."), value(t, "security_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("100"), value(t, "qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("100"), value(t, "signed_qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("50.00"), value(t, "price"));
        // TOTAL, commission included: 100 × 50.00 + 25.00.
        CPPUNIT_ASSERT_EQUAL(std::string("5025.00"), value(t, "signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("-5025.00"), value(t, "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("2005-08-25"), value(t, "date"));
        CPPUNIT_ASSERT_EQUAL(std::string("23321"), value(t, "external_id"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.transactions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("1000.00"), value(r.transactions[0], "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Customer deposit"), value(r.transactions[0], "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("Your check #1034"), value(r.transactions[0], "notes"));
        CPPUNIT_ASSERT_EQUAL(std::string("12345"), value(r.transactions[0], "external_id"));
    }

    void decimalComma() {
        auto r = ofxtest::runFixture("csingley__ofxtools__stmtrs_euro.ofx", "stmtrs_euro.jsonl");
        CPPUNIT_ASSERT(r.column(r.transactions, "amount") == Strings({"-200.00", "-300.00"}));
        CPPUNIT_ASSERT(r.column(r.transactions, "name") ==
                       Strings({"Imported item", "Imported item"}));
        CPPUNIT_ASSERT_EQUAL(std::string("200.29"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::string("2005-10-29"), value(r.statements[0], "closing_date"));
        CPPUNIT_ASSERT(r.column(r.transactions, "date") == Strings({"2005-10-04", "2005-10-20"}));
    }

    void xmlHeaderOverSgmlBody() {
        auto r = ofxtest::runFixture("jseutter__ofxparse__anzcc.ofx", "anzcc.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::string("1234123412341234"), value(r.statements[0], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("credit_card"), value(r.statements[0], "account_kind"));
        // LEDGERBAL, not AVAILBAL (+123.45).
        CPPUNIT_ASSERT_EQUAL(std::string("-123.45"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.transactions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("-5.50"), value(r.transactions[0], "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("SOME MEMO"), value(r.transactions[0], "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("AUD"), value(r.transactions[0], "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("2017-05-08"), value(r.transactions[0], "date"));
    }

    void fidelityInvestments() {
        auto r = ofxtest::runFixture("jseutter__ofxparse__fidelity.ofx", "fidelity.jsonl");
        // 8 BUYSTOCK + 2 SELLSTOCK trades; 4 INCOME + 3 INVBANKTRAN cash transactions.
        CPPUNIT_ASSERT_EQUAL(std::size_t(10), r.trades.size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(7), r.transactions.size());
        CPPUNIT_ASSERT(r.raw.errors.empty());
        const auto& first = r.trades[0];
        CPPUNIT_ASSERT_EQUAL(std::string("INTC"), value(first, "ticker"));
        CPPUNIT_ASSERT_EQUAL(std::string("INTEL CORP"), value(first, "security_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("100.00000"), value(first, "qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("25.63500000"), value(first, "price"));
        CPPUNIT_ASSERT_EQUAL(std::string("2571.4500"), value(first, "signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("2012-07-20"), value(first, "date"));
        const auto& sell = r.trades[8];
        CPPUNIT_ASSERT_EQUAL(std::string("SPY"), value(sell, "ticker"));
        CPPUNIT_ASSERT_EQUAL(std::string("SPDR S&P 500 ETF TRUST UNIT SER 1 S&P"),
                             value(sell, "security_name"));
        CPPUNIT_ASSERT_EQUAL(std::string("-8.00000"), value(sell, "qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1089.3000"), value(sell, "signed_amount"));
        // A price with 9 places is rounded half away from zero to 8 (137.142857143).
        CPPUNIT_ASSERT_EQUAL(std::string("137.14285714"), value(r.trades[9], "price"));
        CPPUNIT_ASSERT(
            r.column(r.transactions, "amount") ==
            Strings({"5.5300", "15.4400", "22.4300", "22.5000", "0.2400", "-0.9700", "0.1600"}));
        CPPUNIT_ASSERT_EQUAL(std::string("INCOME"), value(r.transactions[0], "entity_type"));
        CPPUNIT_ASSERT_EQUAL(std::string("DIVIDEND RECEIVED"), value(r.transactions[0], "name"));
        CPPUNIT_ASSERT_EQUAL(std::string("INTEREST EARNED"), value(r.transactions[4], "name"));
        // Fees included: every buy's cash out, every sell's cash in.
        CPPUNIT_ASSERT_EQUAL(std::string("10592.00"), sum(r.column(r.trades, "signed_amount")));
    }

    void emptyTagsAndBlankLinesBeforeHeader() {
        auto r =
            ofxtest::runFixture("jseutter__ofxparse__ofx-v102-empty-tags.ofx", "empty_tags.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::string("12345678"), value(r.statements[0], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.statements[0], "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(r.statements[0], "closing_balance"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.transactions.size());
        const auto& t = r.transactions[0];
        CPPUNIT_ASSERT_EQUAL(std::string("12.34"), value(t, "amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("CBA:Transfer"), value(t, "name"));  // NAME is empty
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(t, "external_id")); // FITID is empty
        CPPUNIT_ASSERT_EQUAL(std::string("<null>"), value(t, "currency"));
        CPPUNIT_ASSERT_EQUAL(std::string("false"), value(t, "currency_given"));
        CPPUNIT_ASSERT_EQUAL(std::string("CREDIT"), value(t, "entity_type"));
        CPPUNIT_ASSERT(r.warnings ==
                       Strings({"Statement 1 states no currency (CURDEF is empty): its entries "
                                "take the account's currency"}));
    }

    void tiaaTransferAtPriceZero() {
        auto r = ofxtest::runFixture("jseutter__ofxparse__tiaacref.ofx", "tiaacref.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::string("111A1111 22B222 33C333"),
                             value(r.statements[0], "account"));
        CPPUNIT_ASSERT_EQUAL(std::string("investment"), value(r.statements[0], "account_kind"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), r.trades.size());
        CPPUNIT_ASSERT(r.transactions.empty());
        const auto& t = r.trades[0];
        CPPUNIT_ASSERT_EQUAL(std::string("TIAA#20170307160000.000[-4:EDT]160000.000[-4:EDT]"),
                             value(t, "external_id"));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), value(t, "qty"));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), value(t, "price"));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), value(t, "signed_amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("2017-03-07"), value(t, "date"));
        CPPUNIT_ASSERT_EQUAL(std::string("TIAA Traditional Balance Update"), value(t, "name"));
        CPPUNIT_ASSERT(r.raw.errors.empty());
    }

    void fuzzCrasherIsRefused() {
        auto r = ofxtest::runFixture("libofx__libofx__heap-buffer-overflow-2.ofx",
                                     "heap_buffer_overflow_2.jsonl");
        CPPUNIT_ASSERT_EQUAL(1, r.raw.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string("The OFX could not be parsed: the file contains a NUL byte (line 1)"),
            r.raw.fatal);
        CPPUNIT_ASSERT(r.raw.rows.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OfxGoldenTest);
