// Property test: random entry sets over every account kind; every row must satisfy the
// identities of docs/balances.md, days must chain, and incremental runs must equal full ones.
#include "BalanceTestSupport.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace balance_test;

namespace {

// SplitMix64: tiny, seeded, identical on every platform (std distributions are not).
class Rng {
public:
    explicit Rng(uint64_t seed) : _state(seed) {}
    uint64_t next() {
        uint64_t z = (_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int64_t range(int64_t lo, int64_t hi) { // inclusive
        return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
    }
    bool chance(int percent) { return range(1, 100) <= percent; }

private:
    uint64_t _state;
};

// A random amount of up to `maxUnits` with 0, 2 or 8 decimal places.
Decimal randomDecimal(Rng& rng, int64_t maxUnits, bool allowNegative) {
    int64_t raw =
        rng.range(allowNegative ? -maxUnits * Decimal::kScale : 0, maxUnits * Decimal::kScale);
    switch (rng.range(0, 2)) {
    case 0:
        return Decimal::fromRaw(raw).rounded(0);
    case 1:
        return Decimal::fromRaw(raw).rounded(2);
    default:
        return Decimal::fromRaw(raw);
    }
}

const char* const kSecurities[] = {"AAA", "BBB", "CCC"};

BalanceInput randomInput(Rng& rng, AccountKind kind) {
    BalanceInput in;
    in.kind = kind;
    const Date base = day("2020-01-01").addDays(static_cast<int32_t>(rng.range(0, 1000)));
    in.today = base.addDays(100);
    if (rng.chance(90)) {
        BalanceEntry a;
        a.kind = BalanceEntry::Kind::Valuation;
        a.openingAnchor = true;
        a.date = base.addDays(static_cast<int32_t>(rng.range(0, 20)));
        a.amount = randomDecimal(rng, 1000000, true);
        in.entries.push_back(a);
    }
    const int count = static_cast<int>(rng.range(0, 25));
    for (int i = 0; i < count; ++i) {
        BalanceEntry e;
        e.date = base.addDays(static_cast<int32_t>(rng.range(-5, 60)));
        int64_t pick = rng.range(1, 100);
        if (pick <= 50) {
            e.kind = BalanceEntry::Kind::Transaction;
            e.amount = randomDecimal(rng, 20000, true);
        } else if (pick <= 80) {
            e.kind = BalanceEntry::Kind::Trade;
            e.securityId = kSecurities[rng.range(0, 2)];
            if (rng.chance(20)) { // dividend or interest: cash only
                e.amount = -randomDecimal(rng, 500, false);
            } else {
                e.qty = randomDecimal(rng, 500, true);
                e.price = rng.chance(10) ? Decimal() : randomDecimal(rng, 1000, false);
                e.amount = e.qty * e.price + randomDecimal(rng, 5, false);
            }
        } else {
            e.kind = BalanceEntry::Kind::Valuation;
            e.amount = randomDecimal(rng, 1000000, true);
        }
        in.entries.push_back(e);
    }
    const int prices = static_cast<int>(rng.range(0, 5));
    for (int i = 0; i < prices; ++i)
        in.prices.push_back({kSecurities[rng.range(0, 2)],
                             base.addDays(static_cast<int32_t>(rng.range(-10, 80))),
                             randomDecimal(rng, 1000, false)});
    return in;
}

// Holdings value on `d`, computed naively from scratch (independent of HoldingsBook).
Decimal referenceHoldings(const BalanceInput& in, Date d) {
    // (date, trades before price points, input order)
    std::vector<std::tuple<Date, int, size_t>> events;
    for (size_t i = 0; i < in.entries.size(); ++i)
        if (in.entries[i].kind == BalanceEntry::Kind::Trade && !in.entries[i].qty.isZero() &&
            in.entries[i].date <= d)
            events.emplace_back(in.entries[i].date, 0, i);
    for (size_t i = 0; i < in.prices.size(); ++i)
        if (in.prices[i].date <= d) events.emplace_back(in.prices[i].date, 1, i);
    std::sort(events.begin(), events.end());
    std::map<std::string, Decimal> qty, price;
    for (auto& [date, phase, i] : events) {
        const std::string& id = phase == 0 ? in.entries[i].securityId : in.prices[i].securityId;
        Decimal p = phase == 0 ? in.entries[i].price : in.prices[i].price;
        if (phase == 0) qty[id] += in.entries[i].qty;
        if (!p.isZero()) price[id] = p;
    }
    Decimal total;
    for (auto& [id, q] : qty)
        if (price.count(id)) total += q * price[id];
    return total;
}

bool hasValuationOn(const BalanceInput& in, Date d) {
    return std::any_of(in.entries.begin(), in.entries.end(), [&](const BalanceEntry& e) {
        return e.kind == BalanceEntry::Kind::Valuation && e.date == d;
    });
}

void checkCase(const BalanceInput& in, const std::vector<BalanceRow>& rows,
               const std::string& label) {
    const BalanceKind kind = balanceKindOf(in.kind);
    const int factor = flowsFactor(in.kind);
    CPPUNIT_ASSERT_MESSAGE(label, !rows.empty());

    // Series bounds (docs/decisions.md D31).
    Date first = in.today, last = in.today;
    if (!in.entries.empty()) {
        first = last = in.entries.front().date;
        for (const BalanceEntry& e : in.entries) {
            first = std::min(first, e.date);
            last = std::max(last, e.date);
        }
    }
    if (kind == BalanceKind::Investment)
        for (const HoldingPrice& p : in.prices)
            last = std::max(last, p.date);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(label, first.iso(), rows.front().date.iso());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(label, last.iso(), rows.back().date.iso());

    for (size_t i = 0; i < rows.size(); ++i) {
        const BalanceRow& r = rows[i];
        const std::string where = join({label, " ", r.date.iso()});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(where, factor, r.flowsFactor);
        if (i > 0) {
            CPPUNIT_ASSERT_EQUAL_MESSAGE(where, rows[i - 1].date.days() + 1, r.date.days());
            CPPUNIT_ASSERT_MESSAGE(where, r.startCash == rows[i - 1].endCash);
            CPPUNIT_ASSERT_MESSAGE(where, r.startNonCash == rows[i - 1].endNonCash);
        }
        CPPUNIT_ASSERT_MESSAGE(
            where, r.endCash == r.startCash + (r.cashInflows - r.cashOutflows).times(factor) +
                                    r.cashAdjustments);
        CPPUNIT_ASSERT_MESSAGE(where, r.endNonCash ==
                                          r.startNonCash +
                                              (r.nonCashInflows - r.nonCashOutflows).times(factor) +
                                              r.netMarketFlows + r.nonCashAdjustments);
        CPPUNIT_ASSERT_MESSAGE(where, r.startBalance() == r.startCash + r.startNonCash);
        CPPUNIT_ASSERT_MESSAGE(where, r.endBalance() == r.endCash + r.endNonCash);
        for (Decimal flow : {r.cashInflows, r.cashOutflows, r.nonCashInflows, r.nonCashOutflows})
            CPPUNIT_ASSERT_MESSAGE(where, !flow.isNegative());

        const bool valued = hasValuationOn(in, r.date);
        switch (kind) {
        case BalanceKind::Cash:
            CPPUNIT_ASSERT_MESSAGE(where, r.startNonCash.isZero() && r.endNonCash.isZero());
            CPPUNIT_ASSERT_MESSAGE(where, r.nonCashInflows.isZero() && r.nonCashOutflows.isZero());
            CPPUNIT_ASSERT_MESSAGE(where,
                                   r.netMarketFlows.isZero() && r.nonCashAdjustments.isZero());
            if (!valued) CPPUNIT_ASSERT_MESSAGE(where, r.cashAdjustments.isZero());
            break;
        case BalanceKind::Investment:
            CPPUNIT_ASSERT_MESSAGE(where, r.nonCashAdjustments.isZero());
            CPPUNIT_ASSERT_EQUAL_MESSAGE(where, referenceHoldings(in, r.date).toFixed(8),
                                         r.endNonCash.toFixed(8));
            if (!valued) CPPUNIT_ASSERT_MESSAGE(where, r.cashAdjustments.isZero());
            if (i > 0) // docs/balances.md's net_market_flows formula
                CPPUNIT_ASSERT_MESSAGE(where, r.netMarketFlows ==
                                                  referenceHoldings(in, r.date) -
                                                      referenceHoldings(in, r.date.addDays(-1)) -
                                                      (r.nonCashInflows - r.nonCashOutflows));
            break;
        case BalanceKind::NonCash:
            CPPUNIT_ASSERT_MESSAGE(where, r.startCash.isZero() && r.endCash.isZero());
            CPPUNIT_ASSERT_MESSAGE(where, r.cashInflows.isZero() && r.cashOutflows.isZero());
            CPPUNIT_ASSERT_MESSAGE(where, r.cashAdjustments.isZero() && r.netMarketFlows.isZero());
            if (in.kind != AccountKind::Loan)
                CPPUNIT_ASSERT_MESSAGE(where,
                                       r.nonCashInflows.isZero() && r.nonCashOutflows.isZero());
            if (!valued) CPPUNIT_ASSERT_MESSAGE(where, r.nonCashAdjustments.isZero());
            break;
        }
    }
}

} // namespace

class BalancePropertyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BalancePropertyTest);
    CPPUNIT_TEST(randomAccountsKeepTheIdentities);
    CPPUNIT_TEST_SUITE_END();

public:
    void randomAccountsKeepTheIdentities() {
        const AccountKind kinds[] = {
            AccountKind::Depository, AccountKind::CreditCard, AccountKind::Investment,
            AccountKind::Crypto,     AccountKind::Property,   AccountKind::Vehicle,
            AccountKind::OtherAsset, AccountKind::Loan,       AccountKind::OtherLiability};
        Rng rng(20240101);
        size_t rowsChecked = 0, incrementalRuns = 0;
        for (int c = 0; c < 450; ++c) {
            const AccountKind kind = kinds[c % 9];
            const BalanceInput in = randomInput(rng, kind);
            const std::string label =
                join({"case ", std::to_string(c), " ", accountKindSnake(kind)});
            const auto rows = computeBalances(in);
            checkCase(in, rows, label);
            rowsChecked += rows.size();

            for (int k = 0; k < 3 && rows.size() > 1; ++k) {
                size_t at =
                    static_cast<size_t>(rng.range(1, static_cast<int64_t>(rows.size()) - 1));
                auto tail = computeBalancesFrom(in, rows[at].date, rows[at - 1]);
                CPPUNIT_ASSERT_MESSAGE(join({label, " incremental from ", rows[at].date.iso()}),
                                       std::vector<BalanceRow>(rows.begin() + static_cast<long>(at),
                                                               rows.end()) == tail);
                ++incrementalRuns;
            }
        }
        CPPUNIT_ASSERT(rowsChecked > 10000);
        CPPUNIT_ASSERT(incrementalRuns > 1000);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(BalancePropertyTest);
