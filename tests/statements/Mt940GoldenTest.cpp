// Mt940Import over the realworld MT940 file: golden callbacks plus the values the source
// project's own test asserts (mt940_tests/jejik/abnamro.yml).
#include "StatementTestSupport.h"

#include <cppunit/extensions/HelperMacros.h>

using stmt::Strings;

class Mt940GoldenTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(Mt940GoldenTest);
    CPPUNIT_TEST(abnAmro);
    CPPUNIT_TEST_SUITE_END();

public:
    void abnAmro() {
        auto o = stmt::runGolden("finimport_mt940.so", "mt940.statements",
                                 "other/WoLpH__mt940__abnamro.sta", "mt940_abnamro.jsonl");
        CPPUNIT_ASSERT_EQUAL(std::string(), o.result.fatal);
        CPPUNIT_ASSERT(o.result.errors.empty());
        CPPUNIT_ASSERT(o.column(o.transactions, "amount") ==
                       Strings({"-9", "-11.59", "-11.63", "-11.8", "-13.45", "-15.49", "-107",
                                "-141.48", "-9.49", "-15"}));
        CPPUNIT_ASSERT(o.column(o.transactions, "signed_amount") ==
                       Strings({"9", "11.59", "11.63", "11.8", "13.45", "15.49", "107", "141.48",
                                "9.49", "15"}));
        // The entry date (MMDD) wins over the value date, its year taken from the value date.
        CPPUNIT_ASSERT(
            o.column(o.transactions, "date") ==
            Strings({"2011-05-24", "2011-05-23", "2011-05-23", "2011-05-23", "2011-05-23",
                     "2011-05-23", "2011-05-23", "2011-05-23", "2011-05-24", "2011-05-24"}));
        CPPUNIT_ASSERT(o.column(o.statements, "statement_id") == Strings({"19321/1", "19322/1"}));
        CPPUNIT_ASSERT(o.column(o.statements, "account") == Strings({"517852257", "517852257"}));
        CPPUNIT_ASSERT(o.column(o.statements, "currency") == Strings({"EUR", "EUR"}));
        CPPUNIT_ASSERT(o.column(o.statements, "opening_balance") ==
                       Strings({"3236.28", "2876.84"}));
        CPPUNIT_ASSERT(o.column(o.statements, "opening_date") ==
                       Strings({"2011-05-22", "2011-05-23"}));
        CPPUNIT_ASSERT(o.column(o.statements, "closing_balance") == Strings({"876.84", "1849.75"}));
        // Free :86: text: name the first line, notes every line; continuation lines kept.
        CPPUNIT_ASSERT_EQUAL(
            std::string("GIRO   428428 KPN - DIGITENNE    BETALINGSKENM.  000000042188659"),
            *o.transactions[0]["name"]);
        CPPUNIT_ASSERT_EQUAL(
            std::string("GIRO   428428 KPN - DIGITENNE    BETALINGSKENM.  000000042188659 "
                        "5314606715                       BETREFT FACTUUR D.D. 20-05-2011 "
                        "INCL. 1,44 BTW"),
            *o.transactions[0]["notes"]);
        // The transaction after the blank line still gets its :86:.
        CPPUNIT_ASSERT_EQUAL(
            std::string("BEA   NR:XXX1234   21.05.11/12.04 HANS ANDERS OPT./056 KAT,PAS999"),
            *o.transactions[6]["name"]);
        CPPUNIT_ASSERT(o.column(o.transactions, "external_id") ==
                       Strings(10, "<null>")); // every reference is NONREF
        // The sample's own figures do not add up; the import says so, per statement.
        CPPUNIT_ASSERT(o.messages() ==
                       Strings({"Statement 19321/1: opening 3236.28 + entries -321.44 = 2914.84, "
                                "but the statement states 876.84",
                                "Statement 19322/1: opening 2876.84 + entries -24.49 = 2852.35, "
                                "but the statement states 1849.75"}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(Mt940GoldenTest);
