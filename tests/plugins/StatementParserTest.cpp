// The statement-table parser on text lines: the running-balance cross-check flags a row whose
// balance does not follow, wrapped descriptions join, and debit/credit/amount layouts work.
#include "Statement.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>
#include <vector>

using finimport::pdf::parseStatement;

class StatementParserTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StatementParserTest);
    CPPUNIT_TEST(balanceMismatchIsFlagged);
    CPPUNIT_TEST(amountColumnOldestFirst);
    CPPUNIT_TEST(noTable);
    CPPUNIT_TEST_SUITE_END();

    static constexpr finimport::sdk::CivilDate kToday{2026, 1, 1};

public:
    void balanceMismatchIsFlagged() {
        const std::vector<std::string> lines = {
            "Date         Description            Debit       Credit      Balance",
            "01/02/2024   Opening deposit                    1,000.00    1,000.00",
            "02/02/2024   Groceries at the       25.50                   974.50",
            "             corner shop",
            "03/02/2024   Rent                   500.00                  400.00",
        };
        const auto st = parseStatement(lines, kToday);
        CPPUNIT_ASSERT(st.tableFound);
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), st.rows.size());
        CPPUNIT_ASSERT_EQUAL(std::int64_t(100000000000), st.rows[0].amount);
        CPPUNIT_ASSERT_EQUAL(std::int64_t(-2550000000), st.rows[1].amount);
        CPPUNIT_ASSERT_EQUAL(std::string("Groceries at the corner shop"), st.rows[1].description);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-02-02"), st.rows[1].date);
        CPPUNIT_ASSERT(!st.rows[1].balanceError);
        CPPUNIT_ASSERT_EQUAL(std::string("Balance 400.00 does not follow from the previous "
                                         "balance 974.50 and the amount -500.00"),
                             *st.rows[2].balanceError);
    }

    void amountColumnOldestFirst() {
        const std::vector<std::string> lines = {
            "Date        Details                 Amount      Balance",
            "2024-03-01  Salary                  2,000.00    2,100.00",
            "2024-03-02  Coffee                  -3.50       2,096.50",
        };
        const auto st = parseStatement(lines, kToday);
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), st.rows.size());
        CPPUNIT_ASSERT(!st.newestFirst);
        CPPUNIT_ASSERT(!st.rows[1].balanceError);
        CPPUNIT_ASSERT_EQUAL(std::int64_t(10000000000), *st.openingBalance);
    }

    void noTable() {
        const auto st = parseStatement({"Hello", "world 1,000.00"}, kToday);
        CPPUNIT_ASSERT(!st.tableFound);
        CPPUNIT_ASSERT(st.rows.empty());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StatementParserTest);
