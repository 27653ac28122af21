// Balance rows of investment accounts: holdings value, market flows, cash-only income.
#include "BalanceTestSupport.h"

using namespace balance_test;

class InvestmentBalanceTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(InvestmentBalanceTest);
    CPPUNIT_TEST(buyPriceChangePartialSellDividend);
    CPPUNIT_TEST(valuationSplitsAroundHoldings);
    CPPUNIT_TEST(tradeOnTheOpeningDay);
    CPPUNIT_TEST(zeroPriceKeepsTheLastKnownPrice);
    CPPUNIT_TEST(pricesBeforeTheSeriesCount);
    CPPUNIT_TEST(cryptoIsAnInvestmentKind);
    CPPUNIT_TEST(incrementalCarriesHoldings);
    CPPUNIT_TEST_SUITE_END();

    static BalanceInput example() {
        BalanceInput in;
        in.kind = AccountKind::Investment;
        in.today = day("2024-06-30");
        in.entries = {
            anchor("2024-03-01", "10000"), trade("2024-03-02", "AAPL", "10", "150", "1500"), // buy
            trade("2024-03-04", "AAPL", "-4", "170", "-680"), // partial sell
            trade("2024-03-05", "AAPL", "0", "0", "-12.50"),  // dividend: cash only
        };
        in.prices = {
            price("AAPL", "2024-03-03", "160"),      // price change
            price("AAPL", "2024-03-06", "165.125")}; // extends the series (docs/decisions.md D31)
        return in;
    }

public:
    void buyPriceChangePartialSellDividend() {
        auto rows = computeBalances(example());
        const ExpectedRow expected[] = {
            // date, start cash/non-cash, cash in/out, non-cash in/out, market, adj cash/non-cash,
            // end
            {"2024-03-01", "10000", "0", "0", "0", "0", "0", "0", "0", "0", "10000", "0"},
            {"2024-03-02", "10000", "0", "0", "1500", "1500", "0", "0", "0", "0", "8500", "1500"},
            {"2024-03-03", "8500", "1500", "0", "0", "0", "0", "100", "0", "0", "8500", "1600"},
            {"2024-03-04", "8500", "1600", "680", "0", "0", "680", "100", "0", "0", "9180", "1020"},
            {"2024-03-05", "9180", "1020", "12.5", "0", "0", "0", "0", "0", "0", "9192.5", "1020"},
            {"2024-03-06", "9192.5", "1020", "0", "0", "0", "0", "-29.25", "0", "0", "9192.5",
             "990.75"},
        };
        assertRows(expected, rows, 1);
        CPPUNIT_ASSERT_EQUAL(std::string("10183.25000000"), rows.back().endBalance().toFixed(8));
    }

    void valuationSplitsAroundHoldings() {
        // A valuation sets the total; cash is what the holdings do not account for.
        BalanceInput in;
        in.kind = AccountKind::Investment;
        in.entries = {anchor("2024-01-01", "1000"), trade("2024-01-02", "X", "2", "100", "200"),
                      valuation("2024-01-03", "1100")};
        auto rows = computeBalances(in);
        const ExpectedRow expected[] = {
            {"2024-01-01", "1000", "0", "0", "0", "0", "0", "0", "0", "0", "1000", "0"},
            {"2024-01-02", "1000", "0", "0", "200", "200", "0", "0", "0", "0", "800", "200"},
            {"2024-01-03", "800", "200", "0", "0", "0", "0", "0", "100", "0", "900", "200"},
        };
        assertRows(expected, rows, 1);
    }

    void tradeOnTheOpeningDay() {
        // The opening split counts that day's holdings ("opening − holdings value that day"),
        // so the residual market flow offsets the buy and the identities stay exact.
        BalanceInput in;
        in.kind = AccountKind::Investment;
        in.entries = {anchor("2024-01-01", "1000"), trade("2024-01-01", "X", "3", "10", "30")};
        auto rows = computeBalances(in);
        const ExpectedRow expected[] = {
            {"2024-01-01", "970", "30", "0", "30", "30", "0", "-30", "30", "0", "970", "30"},
        };
        assertRows(expected, rows, 1);
    }

    void zeroPriceKeepsTheLastKnownPrice() {
        // Shares moved in without a price (docs/decisions.md D16 ShrsIn) take the last known price.
        BalanceInput in;
        in.kind = AccountKind::Investment;
        in.entries = {anchor("2024-01-01", "0"), trade("2024-01-02", "X", "1", "50", "50"),
                      trade("2024-01-03", "X", "2", "0", "0")};
        auto rows = computeBalances(in);
        const ExpectedRow expected[] = {
            {"2024-01-01", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"},
            {"2024-01-02", "0", "0", "0", "50", "50", "0", "0", "0", "0", "-50", "50"},
            {"2024-01-03", "-50", "50", "0", "0", "0", "0", "100", "0", "0", "-50", "150"},
        };
        assertRows(expected, rows, 1);
    }

    void pricesBeforeTheSeriesCount() {
        // A price point older than the series values the shares bought at price 0; a same-day
        // price point wins over the trade price; product rounding is half away from zero.
        BalanceInput in;
        in.kind = AccountKind::Investment;
        in.entries = {anchor("2024-01-01", "100"), trade("2024-01-02", "X", "3", "0", "0"),
                      trade("2024-01-03", "X", "0.00000001", "7", "0.00000007")};
        in.prices = {price("X", "2023-12-01", "0.33333333"), price("X", "2024-01-03", "0.5")};
        auto rows = computeBalances(in);
        CPPUNIT_ASSERT_EQUAL(size_t(3), rows.size());
        CPPUNIT_ASSERT_EQUAL(std::string("0.99999999"), rows[1].endNonCash.toFixed(8));
        CPPUNIT_ASSERT_EQUAL(std::string("0.99999999"), rows[1].netMarketFlows.toFixed(8));
        // 3.00000001 × 0.5 = 1.500000005 -> 1.50000001
        CPPUNIT_ASSERT_EQUAL(std::string("1.50000001"), rows[2].endNonCash.toFixed(8));
        // 1.50000001 − 0.99999999 − 0.00000007 (the buy)
        CPPUNIT_ASSERT_EQUAL(std::string("0.49999995"), rows[2].netMarketFlows.toFixed(8));
    }

    void cryptoIsAnInvestmentKind() {
        BalanceInput in = example();
        in.kind = AccountKind::Crypto;
        auto crypto = computeBalances(in);
        auto investment = computeBalances(example());
        CPPUNIT_ASSERT(crypto == investment);
    }

    void incrementalCarriesHoldings() {
        BalanceInput in = example();
        auto full = computeBalances(in);
        for (size_t k = 1; k < full.size(); ++k) {
            auto tail = computeBalancesFrom(in, full[k].date, full[k - 1]);
            CPPUNIT_ASSERT(
                std::vector<BalanceRow>(full.begin() + static_cast<long>(k), full.end()) == tail);
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(InvestmentBalanceTest);
