#pragma once
// Builders and exact row assertions shared by the balance suites.

#include "domain/BalanceCalculator.h"

#include <cppunit/extensions/HelperMacros.h>

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace balance_test {

using namespace finimport::domain;

inline Decimal dec(const char* text) {
    auto d = Decimal::parse(text);
    if (!d) throw std::invalid_argument(std::string("bad decimal ") + text);
    return *d;
}

inline Date day(const char* iso) {
    auto d = Date::parseIso(iso);
    if (!d) throw std::invalid_argument(std::string("bad date ") + iso);
    return *d;
}

inline BalanceEntry txn(const char* date, const char* amount) {
    BalanceEntry e;
    e.kind = BalanceEntry::Kind::Transaction;
    e.date = day(date);
    e.amount = dec(amount);
    return e;
}

inline BalanceEntry valuation(const char* date, const char* amount) {
    BalanceEntry e;
    e.kind = BalanceEntry::Kind::Valuation;
    e.date = day(date);
    e.amount = dec(amount);
    return e;
}

inline BalanceEntry anchor(const char* date, const char* amount) {
    BalanceEntry e = valuation(date, amount);
    e.openingAnchor = true;
    return e;
}

// amount in the engine sign: a buy is positive, a sale or income negative.
inline BalanceEntry trade(const char* date, const char* security, const char* qty,
                          const char* price, const char* amount) {
    BalanceEntry e;
    e.kind = BalanceEntry::Kind::Trade;
    e.date = day(date);
    e.securityId = std::string(security); // not `= security`: GCC 12 -Wrestrict false positive
    e.qty = dec(qty);
    e.price = dec(price);
    e.amount = dec(amount);
    return e;
}

inline HoldingPrice price(const char* security, const char* date, const char* value) {
    return HoldingPrice{security, day(date), dec(value)};
}

// Every field of a row, as decimal text ("2215.9" == "2215.90000000").
struct ExpectedRow {
    const char* date;
    const char* startCash;
    const char* startNonCash;
    const char* cashInflows;
    const char* cashOutflows;
    const char* nonCashInflows;
    const char* nonCashOutflows;
    const char* netMarketFlows;
    const char* cashAdjustments;
    const char* nonCashAdjustments;
    const char* endCash;
    const char* endNonCash;
};

// Message text built by appending (GCC 12 -O3 warns falsely on `std::string + "..."`).
inline std::string join(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (std::string_view p : parts)
        out.append(p);
    return out;
}

inline void assertField(const std::string& where, const char* name, const char* expected,
                        Decimal actual) {
    CPPUNIT_ASSERT_EQUAL_MESSAGE(join({where, " ", name}), dec(expected).toFixed(8),
                                 actual.toFixed(8));
}

inline void assertRow(const ExpectedRow& e, const BalanceRow& r, int factor) {
    const std::string where = join({"row ", e.date});
    CPPUNIT_ASSERT_EQUAL_MESSAGE(join({where, " date"}), std::string(e.date), r.date.iso());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(join({where, " flows_factor"}), factor, r.flowsFactor);
    assertField(where, "start_cash", e.startCash, r.startCash);
    assertField(where, "start_non_cash", e.startNonCash, r.startNonCash);
    assertField(where, "cash_inflows", e.cashInflows, r.cashInflows);
    assertField(where, "cash_outflows", e.cashOutflows, r.cashOutflows);
    assertField(where, "non_cash_inflows", e.nonCashInflows, r.nonCashInflows);
    assertField(where, "non_cash_outflows", e.nonCashOutflows, r.nonCashOutflows);
    assertField(where, "net_market_flows", e.netMarketFlows, r.netMarketFlows);
    assertField(where, "cash_adjustments", e.cashAdjustments, r.cashAdjustments);
    assertField(where, "non_cash_adjustments", e.nonCashAdjustments, r.nonCashAdjustments);
    assertField(where, "end_cash", e.endCash, r.endCash);
    assertField(where, "end_non_cash", e.endNonCash, r.endNonCash);
    // Derived fields follow from the stored ones.
    CPPUNIT_ASSERT_EQUAL_MESSAGE(join({where, " start_balance"}),
                                 (dec(e.startCash) + dec(e.startNonCash)).toFixed(8),
                                 r.startBalance().toFixed(8));
    CPPUNIT_ASSERT_EQUAL_MESSAGE(join({where, " end_balance"}),
                                 (dec(e.endCash) + dec(e.endNonCash)).toFixed(8),
                                 r.endBalance().toFixed(8));
}

template <size_t N>
void assertRows(const ExpectedRow (&expected)[N], const std::vector<BalanceRow>& rows, int factor) {
    CPPUNIT_ASSERT_EQUAL_MESSAGE("row count", N, rows.size());
    for (size_t i = 0; i < N; ++i)
        assertRow(expected[i], rows[i], factor);
}

} // namespace balance_test
