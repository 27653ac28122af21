// CamtImport over every CAMT file of tests/fixtures/realworld: golden callbacks plus the values
// the fixture README quotes from the source projects' own tests.
#include "StatementTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

namespace {

using stmt::Strings;

stmt::Output camt(const char* fixture, const char* golden) {
    return stmt::runGolden("finimport_camt.so", "camt.statements", fixture, golden);
}

} // namespace

class CamtGoldenTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CamtGoldenTest);
    CPPUNIT_TEST(abnAmroBatchWithReversal);
    CPPUNIT_TEST(twoStatements);
    CPPUNIT_TEST(intradayReport);
    CPPUNIT_TEST(lithuanianUtf8);
    CPPUNIT_TEST_SUITE_END();

public:
    void abnAmroBatchWithReversal() {
        auto o = camt("camt/OCA__bank-statement-import__test-camt053", "camt_oca_camt053.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::string(), o.result.fatal);
        CPPUNIT_ASSERT(o.result.errors.empty());
        // golden-camt053.pydata: 4 lines; the RvslInd batch splits into its two details.
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({"-754.25", "-564.05", "-100.00", "1405.31"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "signed_amount") ==
                       Strings({"754.25", "564.05", "100.00", "-1405.31"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "date") ==
                       Strings({"2014-01-05", "2014-01-05", "2014-01-05", "2014-01-05"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "name") ==
                       Strings({"INSURANCE COMPANY TESTX", "Test Customer", "Test Customer",
                                "3rd party Media"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "external_id") ==
                       Strings({"435005714488-ABNO33052620", "TESTBANK/NL/20141229/01206408",
                                "TESTBANK/NL/20141229/01206407", "115"}));
        CPPUNIT_ASSERT_EQUAL(std::string("#RD PARTY MEDIA CUSNO 90782 4210773"),
                             *o.transactions[3]["notes"]);
        CPPUNIT_ASSERT(o.column(o.transactions, "currency") ==
                       Strings({"EUR", "EUR", "EUR", "EUR"}));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), o.statements.size());
        CPPUNIT_ASSERT_EQUAL(std::string("NL77ABNA0574908765"), *o.statements[0]["account"]);
        CPPUNIT_ASSERT_EQUAL(std::string("15568.27"), *o.statements[0]["opening_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("15121.12"), *o.statements[0]["closing_balance"]);
        // The README's own check: opening + entries ≠ closing.
        CPPUNIT_ASSERT(o.messages() ==
                       Strings({"Statement 1234Test/1: opening 15568.27 + entries -12.99 = "
                                "15555.28, but the statement states 15121.12"}));
    }

    void twoStatements() {
        auto o =
            camt("camt/genkgo__camt__camt053.v2.multi.statement.xml", "camt_genkgo_multi.jsonl");
        CPPUNIT_ASSERT(o.result.errors.empty());
        CPPUNIT_ASSERT(o.column(o.statements, "statement_id") ==
                       Strings({"253EURNL26VAYB8060476890", "254EURNL26VAYB8060476890"}));
        // EntryIteratorTest: entry0 +885 cents, entry1 −700 cents.
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") == Strings({"8.85", "-7.00"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "statement_id") ==
                       Strings({"253EURNL26VAYB8060476890", "254EURNL26VAYB8060476890"}));
        // A credit has no debtor here: the name falls back to Ustrd; the debit names its
        // creditor.
        CPPUNIT_ASSERT(o.column(o.transactions, "name") ==
                       Strings({"Transaction Description 1", "Company Name 2"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "notes") ==
                       Strings({"Transaction Description 1", "Transaction Description 2"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "date") == Strings({"2014-12-31", "2014-12-31"}));
        CPPUNIT_ASSERT(o.column(o.statements, "opening_balance") == Strings({"18.15", "27.00"}));
        CPPUNIT_ASSERT(o.column(o.statements, "closing_balance") == Strings({"27.00", "20.00"}));
        CPPUNIT_ASSERT(o.warnings.empty()); // each statement reconciles
    }

    void intradayReport() {
        auto o = camt("camt/kedder__ofxstatement-iso20022__camt052.xml", "camt_kedder_052.jsonl");
        CPPUNIT_ASSERT(o.result.errors.empty());
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), o.transactions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("268.35"), *o.statements[0]["opening_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("16.95"), *o.statements[0]["closing_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("SPARKASSE PFORZHEIM CALW"), *o.transactions[0]["name"]);
        // AcctSvcrRef NONREF is no id (docs/decisions.md D63).
        CPPUNIT_ASSERT(!o.transactions[0]["external_id"].has_value());
    }

    void lithuanianUtf8() {
        auto o = camt("camt/kedder__ofxstatement-iso20022__simple.xml", "camt_kedder_simple.jsonl");
        CPPUNIT_ASSERT(o.result.errors.empty());
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), o.transactions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("306.53"), *o.statements[0]["opening_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("125.52"), *o.statements[0]["closing_balance"]);
        CPPUNIT_ASSERT_EQUAL(std::string("-0.29"), *o.transactions[0]["amount"]);
        CPPUNIT_ASSERT_EQUAL(std::string("Sąskaitos aptarnavimo mokestis"),
                             *o.transactions[0]["notes"]);
        CPPUNIT_ASSERT_EQUAL(std::string("2015-12-31"), *o.transactions[0]["date"]);
        CPPUNIT_ASSERT_EQUAL(std::string("FC1261858984"), *o.transactions[0]["external_id"]);
        CPPUNIT_ASSERT(o.warnings.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CamtGoldenTest);
