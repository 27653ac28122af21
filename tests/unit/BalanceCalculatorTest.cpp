// Balance rows of cash and non-cash accounts, seeding, valuations, overflow, incremental runs.
#include "BalanceTestSupport.h"

#include "domain/OpeningAnchor.h"

#include <limits>

using namespace balance_test;

namespace {

BalanceInput account(AccountKind kind, std::vector<BalanceEntry> entries) {
    BalanceInput in;
    in.kind = kind;
    in.entries = std::move(entries);
    in.today = day("2024-06-30");
    return in;
}

} // namespace

class BalanceCalculatorTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BalanceCalculatorTest);
    CPPUNIT_TEST(workedExample);
    CPPUNIT_TEST(entriesInAnyOrder);
    CPPUNIT_TEST(creditCardIsALiability);
    CPPUNIT_TEST(loanMovesByTransactionsOnTheNonCashSide);
    CPPUNIT_TEST(otherNonCashAccountsMoveOnlyByValuations);
    CPPUNIT_TEST(valuationInTheMiddleOfASeries);
    CPPUNIT_TEST(valuationWinsOverAnchorOnTheSameDay);
    CPPUNIT_TEST(entryBeforeTheOpeningDate);
    CPPUNIT_TEST(entriesOnTheOpeningDay);
    CPPUNIT_TEST(onlyTheAnchor);
    CPPUNIT_TEST(noEntriesAtAll);
    CPPUNIT_TEST(noAnchorStartsFromZero);
    CPPUNIT_TEST(tradesOnACashAccountAreCashOnly);
    CPPUNIT_TEST(moreThanOneAnchorIsRefused);
    CPPUNIT_TEST(overflowIsReported);
    CPPUNIT_TEST(incrementalEqualsFull);
    CPPUNIT_TEST(incrementalBounds);
    CPPUNIT_TEST(defaultOpeningDate);
    CPPUNIT_TEST_SUITE_END();

public:
    void workedExample() {
        // docs/balances.md "Worked example".
        auto rows =
            computeBalances(account(AccountKind::Depository,
                                    {anchor("2024-01-01", "1000.00"), txn("2024-01-02", "-2500.00"),
                                     txn("2024-01-02", "1200.00"), txn("2024-01-04", "84.10")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "1000", "0", "0", "0", "0", "0", "0", "0", "0", "1000", "0"},
            {"2024-01-02", "1000", "0", "2500", "1200", "0", "0", "0", "0", "0", "2300", "0"},
            {"2024-01-03", "2300", "0", "0", "0", "0", "0", "0", "0", "0", "2300", "0"},
            {"2024-01-04", "2300", "0", "0", "84.1", "0", "0", "0", "0", "0", "2215.9", "0"},
        };
        assertRows(expected, rows, 1);
        CPPUNIT_ASSERT_EQUAL(std::string("2215.90000000"), rows.back().endBalance().toFixed(8));
    }

    void entriesInAnyOrder() {
        auto sorted = computeBalances(account(
            AccountKind::Depository, {anchor("2024-01-01", "1000"), txn("2024-01-02", "-2500"),
                                      txn("2024-01-02", "1200"), txn("2024-01-04", "84.10")}));
        auto shuffled = computeBalances(account(
            AccountKind::Depository, {txn("2024-01-04", "84.10"), txn("2024-01-02", "1200"),
                                      anchor("2024-01-01", "1000"), txn("2024-01-02", "-2500")}));
        CPPUNIT_ASSERT(sorted == shuffled);
    }

    void creditCardIsALiability() {
        // Owed 500; a purchase (money out) raises the debt, a payment (money in) lowers it.
        auto rows = computeBalances(account(
            AccountKind::CreditCard, {anchor("2024-01-01", "500"), txn("2024-01-02", "200"),
                                      txn("2024-01-03", "-300"), txn("2024-01-03", "19.99")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "500", "0", "0", "0", "0", "0", "0", "0", "0", "500", "0"},
            {"2024-01-02", "500", "0", "0", "200", "0", "0", "0", "0", "0", "700", "0"},
            {"2024-01-03", "700", "0", "300", "19.99", "0", "0", "0", "0", "0", "419.99", "0"},
        };
        assertRows(expected, rows, -1);
    }

    void loanMovesByTransactionsOnTheNonCashSide() {
        auto rows = computeBalances(account(
            AccountKind::Loan, {anchor("2024-01-01", "10000"), txn("2024-01-02", "-500"),
                                txn("2024-01-03", "40.25"), valuation("2024-01-04", "9600")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "0", "10000", "0", "0", "0", "0", "0", "0", "0", "0", "10000"},
            {"2024-01-02", "0", "10000", "0", "0", "500", "0", "0", "0", "0", "0", "9500"},
            {"2024-01-03", "0", "9500", "0", "0", "0", "40.25", "0", "0", "0", "0", "9540.25"},
            {"2024-01-04", "0", "9540.25", "0", "0", "0", "0", "0", "0", "59.75", "0", "9600"},
        };
        assertRows(expected, rows, -1);
    }

    void otherNonCashAccountsMoveOnlyByValuations() {
        // docs/decisions.md D32: the transaction is stored but does not move the balance; nor does
        // a trade.
        auto liability = computeBalances(account(
            AccountKind::OtherLiability, {anchor("2024-01-01", "1000"), txn("2024-01-02", "50"),
                                          valuation("2024-01-03", "800")}));
        const ExpectedRow expectedLiability[] = {
            {"2024-01-01", "0", "1000", "0", "0", "0", "0", "0", "0", "0", "0", "1000"},
            {"2024-01-02", "0", "1000", "0", "0", "0", "0", "0", "0", "0", "0", "1000"},
            {"2024-01-03", "0", "1000", "0", "0", "0", "0", "0", "0", "-200", "0", "800"},
        };
        assertRows(expectedLiability, liability, -1);

        auto property = computeBalances(account(
            AccountKind::Property,
            {anchor("2024-01-01", "300000"), txn("2024-01-02", "-1000"),
             trade("2024-01-02", "X", "1", "5", "5"), valuation("2024-01-03", "310000.5")}));
        const ExpectedRow expectedProperty[] = {
            {"2024-01-01", "0", "300000", "0", "0", "0", "0", "0", "0", "0", "0", "300000"},
            {"2024-01-02", "0", "300000", "0", "0", "0", "0", "0", "0", "0", "0", "300000"},
            {"2024-01-03", "0", "300000", "0", "0", "0", "0", "0", "0", "10000.5", "0", "310000.5"},
        };
        assertRows(expectedProperty, property, 1);
        for (AccountKind kind : {AccountKind::Vehicle, AccountKind::OtherAsset}) {
            auto rows =
                computeBalances(account(kind, {anchor("2024-01-01", "10"), txn("2024-01-02", "-5"),
                                               valuation("2024-01-03", "8")}));
            CPPUNIT_ASSERT_EQUAL(size_t(3), rows.size());
            CPPUNIT_ASSERT_EQUAL(std::string("10.0"), rows[1].endBalance().toString());
            CPPUNIT_ASSERT_EQUAL(std::string("-2.0"), rows[2].nonCashAdjustments.toString());
        }
    }

    void valuationInTheMiddleOfASeries() {
        // The valuation sets the day's end total; what the flows do not explain is adjustment.
        auto rows = computeBalances(
            account(AccountKind::Depository, {anchor("2024-01-01", "100"), txn("2024-01-02", "30"),
                                              valuation("2024-01-03", "50"),
                                              txn("2024-01-03", "-10"), txn("2024-01-04", "5")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "100", "0", "0", "0", "0", "0", "0", "0", "0", "100", "0"},
            {"2024-01-02", "100", "0", "0", "30", "0", "0", "0", "0", "0", "70", "0"},
            {"2024-01-03", "70", "0", "10", "0", "0", "0", "0", "-30", "0", "50", "0"},
            {"2024-01-04", "50", "0", "0", "5", "0", "0", "0", "0", "0", "45", "0"},
        };
        assertRows(expected, rows, 1);
    }

    void valuationWinsOverAnchorOnTheSameDay() {
        auto rows = computeBalances(account(
            AccountKind::Depository,
            {valuation("2024-01-01", "75"), anchor("2024-01-01", "100"), txn("2024-01-02", "5")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "100", "0", "0", "0", "0", "0", "0", "-25", "0", "75", "0"},
            {"2024-01-02", "75", "0", "0", "5", "0", "0", "0", "0", "0", "70", "0"},
        };
        assertRows(expected, rows, 1);
    }

    void entryBeforeTheOpeningDate() {
        // The series starts on the older entry from zero; the anchor resets the total on its
        // own date, the difference showing as that day's adjustment.
        auto rows = computeBalances(
            account(AccountKind::Depository, {anchor("2024-01-03", "1000"),
                                              txn("2024-01-01", "-200"), txn("2024-01-04", "50")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "0", "0", "200", "0", "0", "0", "0", "0", "0", "200", "0"},
            {"2024-01-02", "200", "0", "0", "0", "0", "0", "0", "0", "0", "200", "0"},
            {"2024-01-03", "200", "0", "0", "0", "0", "0", "0", "800", "0", "1000", "0"},
            {"2024-01-04", "1000", "0", "0", "50", "0", "0", "0", "0", "0", "950", "0"},
        };
        assertRows(expected, rows, 1);

        auto loan = computeBalances(
            account(AccountKind::Loan, {anchor("2024-01-02", "5000"), txn("2024-01-01", "-100")}));
        const ExpectedRow expectedLoan[] = {
            {"2024-01-01", "0", "0", "0", "0", "100", "0", "0", "0", "0", "0", "-100"},
            {"2024-01-02", "0", "-100", "0", "0", "0", "0", "0", "0", "5100", "0", "5000"},
        };
        assertRows(expectedLoan, loan, -1);
    }

    void entriesOnTheOpeningDay() {
        // The anchor is the end-of-day total of its date: same-day flows show, and the
        // anchor's override turns them into an adjustment.
        auto rows = computeBalances(account(
            AccountKind::Depository, {anchor("2024-01-01", "1000"), txn("2024-01-01", "40")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "1000", "0", "0", "40", "0", "0", "0", "40", "0", "1000", "0"},
        };
        assertRows(expected, rows, 1);
    }

    void onlyTheAnchor() {
        // docs/decisions.md D31: one row.
        auto cash =
            computeBalances(account(AccountKind::Depository, {anchor("2023-05-01", "42.5")}));
        const ExpectedRow expectedCash[] = {
            {"2023-05-01", "42.5", "0", "0", "0", "0", "0", "0", "0", "0", "42.5", "0"},
        };
        assertRows(expectedCash, cash, 1);
        auto vehicle =
            computeBalances(account(AccountKind::Vehicle, {anchor("2023-05-01", "9000")}));
        const ExpectedRow expectedVehicle[] = {
            {"2023-05-01", "0", "9000", "0", "0", "0", "0", "0", "0", "0", "0", "9000"},
        };
        assertRows(expectedVehicle, vehicle, 1);
    }

    void noEntriesAtAll() {
        auto rows = computeBalances(account(AccountKind::CreditCard, {}));
        const ExpectedRow expected[] = {
            {"2024-06-30", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
        };
        assertRows(expected, rows, -1);
    }

    void noAnchorStartsFromZero() {
        auto rows = computeBalances(
            account(AccountKind::Depository, {txn("2024-01-02", "10"), txn("2024-01-01", "-30")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "0", "0", "30", "0", "0", "0", "0", "0", "0", "30", "0"},
            {"2024-01-02", "30", "0", "0", "10", "0", "0", "0", "0", "0", "20", "0"},
        };
        assertRows(expected, rows, 1);
    }

    void tradesOnACashAccountAreCashOnly() {
        auto rows = computeBalances(
            account(AccountKind::Depository,
                    {anchor("2024-01-01", "100"), trade("2024-01-02", "X", "2", "10", "20"),
                     trade("2024-01-02", "X", "-1", "12", "-12")}));
        const ExpectedRow expected[] = {
            {"2024-01-01", "100", "0", "0", "0", "0", "0", "0", "0", "0", "100", "0"},
            {"2024-01-02", "100", "0", "12", "20", "0", "0", "0", "0", "0", "92", "0"},
        };
        assertRows(expected, rows, 1);
    }

    void moreThanOneAnchorIsRefused() {
        CPPUNIT_ASSERT_THROW(
            computeBalances(account(AccountKind::Depository,
                                    {anchor("2024-01-01", "1"), anchor("2024-01-02", "2")})),
            std::invalid_argument);
    }

    void overflowIsReported() {
        // docs/decisions.md D2: ±92 billion units; a sum beyond that throws instead of wrapping.
        CPPUNIT_ASSERT_THROW(
            computeBalances(account(AccountKind::Depository, {anchor("2024-01-01", "92000000000"),
                                                              txn("2024-01-02", "-1000000000")})),
            DecimalOverflow);
        // Inflows are sums of magnitudes: two large incomes overflow even if the total fits.
        CPPUNIT_ASSERT_THROW(
            computeBalances(account(AccountKind::Depository, {txn("2024-01-01", "-50000000000"),
                                                              txn("2024-01-01", "-50000000000"),
                                                              txn("2024-01-01", "60000000000")})),
            DecimalOverflow);
        BalanceEntry minimum = txn("2024-01-01", "0");
        minimum.amount = Decimal::fromRaw(std::numeric_limits<int64_t>::min());
        CPPUNIT_ASSERT_THROW(computeBalances(account(AccountKind::Depository, {minimum})),
                             DecimalOverflow);
        // Holdings value: qty × price beyond the range.
        CPPUNIT_ASSERT_THROW(
            computeBalances(account(AccountKind::Investment,
                                    {trade("2024-01-01", "X", "1000000", "1000000", "1")})),
            DecimalOverflow);
    }

    void incrementalEqualsFull() {
        BalanceInput in = account(AccountKind::Depository,
                                  {anchor("2024-01-01", "1000"), txn("2024-01-02", "-2500"),
                                   txn("2024-01-02", "1200"), txn("2024-01-04", "84.10"),
                                   valuation("2024-01-06", "2000"), txn("2024-01-08", "1")});
        auto full = computeBalances(in);
        CPPUNIT_ASSERT_EQUAL(size_t(8), full.size());
        for (size_t k = 1; k < full.size(); ++k) {
            auto tail = computeBalancesFrom(in, full[k].date, full[k - 1]);
            CPPUNIT_ASSERT(
                std::vector<BalanceRow>(full.begin() + static_cast<long>(k), full.end()) == tail);
        }
    }

    void incrementalBounds() {
        BalanceInput in = account(AccountKind::Depository,
                                  {anchor("2024-01-01", "1000"), txn("2024-01-03", "5")});
        auto full = computeBalances(in);
        BalanceRow unused;
        CPPUNIT_ASSERT(computeBalancesFrom(in, day("2024-01-01"), unused) == full);
        CPPUNIT_ASSERT(computeBalancesFrom(in, day("2023-12-01"), unused) == full);
        CPPUNIT_ASSERT(computeBalancesFrom(in, day("2024-01-04"), full.back()).empty());
        CPPUNIT_ASSERT_THROW(computeBalancesFrom(in, day("2024-01-03"), full[0]),
                             std::invalid_argument);
    }

    void defaultOpeningDate() {
        const Date today = day("2024-06-30");
        CPPUNIT_ASSERT_EQUAL(std::string("2022-06-30"),
                             finimport::domain::defaultOpeningDate(std::nullopt, today).iso());
        CPPUNIT_ASSERT_EQUAL(std::string("2022-06-30"),
                             finimport::domain::defaultOpeningDate(day("2024-01-10"), today).iso());
        CPPUNIT_ASSERT_EQUAL(std::string("2022-06-30"),
                             finimport::domain::defaultOpeningDate(day("2022-07-01"), today).iso());
        CPPUNIT_ASSERT_EQUAL(std::string("2022-06-29"),
                             finimport::domain::defaultOpeningDate(day("2022-06-30"), today).iso());
        CPPUNIT_ASSERT_EQUAL(std::string("2021-12-31"),
                             finimport::domain::defaultOpeningDate(day("2022-01-01"), today).iso());
        // Feb 29 two years back is Feb 28.
        CPPUNIT_ASSERT_EQUAL(
            std::string("2022-02-28"),
            finimport::domain::defaultOpeningDate(std::nullopt, day("2024-02-29")).iso());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BalanceCalculatorTest);
