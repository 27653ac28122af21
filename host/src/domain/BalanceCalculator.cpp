#include "domain/BalanceCalculator.h"

#include "domain/BalancePlan.h"
#include "domain/HoldingsBook.h"

#include <optional>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace finimport::domain {

namespace {

struct DayFlows {
    Decimal cashIn, cashOut, nonCashIn, nonCashOut;
};

// Negative amounts are money in (docs/balances.md "Sign of entries").
void addFlow(Decimal amount, Decimal& in, Decimal& out) {
    if (amount.isNegative())
        in -= amount;
    else
        out += amount;
}

// Walks the plan forward one day at a time, carrying the end values into the next day.
class DayWalker {
public:
    explicit DayWalker(const BalancePlan& plan) : _plan(plan), _book(plan.securityCount) {}

    // The first day starts from the opening balance, split once that day's holdings are known.
    void seedFromOpening() { _seedPending = true; }
    void setStart(Decimal cash, Decimal nonCash) {
        _cash = cash;
        _nonCash = nonCash;
        _seedPending = false;
    }

    // Applies to the holdings everything dated before `day` (rows are not produced), in the
    // order step() would: by date, a day's trades before its price points.
    void skipTo(Date day) {
        const auto& entries = _plan.entries;
        const auto& prices = _plan.prices;
        while (true) {
            bool entryDue = _nextEntry < entries.size() && entries[_nextEntry].date < day;
            bool priceDue = _nextPrice < prices.size() && prices[_nextPrice].date < day;
            if (!entryDue && !priceDue) break;
            if (entryDue && (!priceDue || entries[_nextEntry].date <= prices[_nextPrice].date)) {
                const PlannedEntry& e = entries[_nextEntry++];
                if (movesHoldings(e)) _book.applyTrade(e.security, e.qty, e.price);
            } else {
                const PlannedPrice& p = prices[_nextPrice++];
                _book.applyPrice(p.security, p.price);
            }
        }
    }

    BalanceRow step(Date day) {
        DayFlows flows;
        std::optional<Decimal> anchorValue, valuation;
        const auto& entries = _plan.entries;
        for (; _nextEntry < entries.size() && entries[_nextEntry].date == day; ++_nextEntry) {
            const PlannedEntry& e = entries[_nextEntry];
            if (e.kind == BalanceEntry::Kind::Valuation)
                (e.openingAnchor ? anchorValue : valuation) = e.amount;
            else
                applyFlows(e, flows);
        }
        const auto& prices = _plan.prices;
        for (; _nextPrice < prices.size() && prices[_nextPrice].date == day; ++_nextPrice)
            _book.applyPrice(prices[_nextPrice].security, prices[_nextPrice].price);
        if (!valuation) valuation = anchorValue;

        const BalanceKind kind = _plan.balanceKind;
        const Decimal holdings = kind == BalanceKind::Investment ? _book.value() : Decimal();
        if (_seedPending) {
            std::tie(_cash, _nonCash) = split(_plan.openingBalance, holdings);
            _seedPending = false;
        }

        BalanceRow row;
        row.date = day;
        row.flowsFactor = _plan.flowsFactor;
        row.startCash = _cash;
        row.startNonCash = _nonCash;
        row.cashInflows = flows.cashIn;
        row.cashOutflows = flows.cashOut;
        row.nonCashInflows = flows.nonCashIn;
        row.nonCashOutflows = flows.nonCashOut;
        const Decimal cashNet = (flows.cashIn - flows.cashOut).times(_plan.flowsFactor);
        const Decimal nonCashNet = (flows.nonCashIn - flows.nonCashOut).times(_plan.flowsFactor);

        if (valuation) {
            std::tie(row.endCash, row.endNonCash) = split(*valuation, holdings);
        } else if (kind == BalanceKind::NonCash) {
            row.endCash = Decimal();
            row.endNonCash = _nonCash + nonCashNet;
        } else {
            row.endCash = _cash + cashNet;
            row.endNonCash = kind == BalanceKind::Investment ? holdings : _nonCash;
        }
        // Adjustments (and market flows) are what the flows do not explain, so the
        // identities of BalanceCalculator.h hold exactly.
        const Decimal nonCashResidual = row.endNonCash - _nonCash - nonCashNet;
        if (kind != BalanceKind::NonCash) row.cashAdjustments = row.endCash - _cash - cashNet;
        if (kind == BalanceKind::NonCash) row.nonCashAdjustments = nonCashResidual;
        if (kind == BalanceKind::Investment) row.netMarketFlows = nonCashResidual;

        _cash = row.endCash;
        _nonCash = row.endNonCash;
        return row;
    }

private:
    bool movesHoldings(const PlannedEntry& e) const {
        return e.kind == BalanceEntry::Kind::Trade &&
               _plan.balanceKind == BalanceKind::Investment && !e.qty.isZero();
    }

    void applyFlows(const PlannedEntry& e, DayFlows& flows) {
        const bool trade = e.kind == BalanceEntry::Kind::Trade;
        switch (_plan.balanceKind) {
        case BalanceKind::Cash:
            addFlow(e.amount, flows.cashIn, flows.cashOut);
            break;
        case BalanceKind::Investment:
            addFlow(e.amount, flows.cashIn, flows.cashOut);
            if (movesHoldings(e)) {
                // The cash side's mirror: a buy brings holdings in, a sale takes them out.
                addFlow(-e.amount, flows.nonCashIn, flows.nonCashOut);
                _book.applyTrade(e.security, e.qty, e.price);
            }
            break;
        case BalanceKind::NonCash:
            // docs/decisions.md D32: only loans move by transactions; trades never move a non-cash
            // account.
            if (_plan.kind == AccountKind::Loan && !trade)
                addFlow(e.amount, flows.nonCashIn, flows.nonCashOut);
            break;
        }
    }

    // A total balance as (cash, non-cash), as for the opening (docs/balances.md).
    std::pair<Decimal, Decimal> split(Decimal total, Decimal holdings) const {
        switch (_plan.balanceKind) {
        case BalanceKind::Cash:
            return {total, Decimal()};
        case BalanceKind::Investment:
            return {total - holdings, holdings};
        case BalanceKind::NonCash:
            break;
        }
        return {Decimal(), total};
    }

    const BalancePlan& _plan;
    HoldingsBook _book;
    size_t _nextEntry = 0, _nextPrice = 0;
    Decimal _cash, _nonCash;
    bool _seedPending = false;
};

std::vector<BalanceRow> walk(DayWalker& walker, Date from, Date last) {
    std::vector<BalanceRow> rows;
    rows.reserve(static_cast<size_t>(last.days() - from.days() + 1));
    for (Date d = from; d <= last; d = d.addDays(1))
        rows.push_back(walker.step(d));
    return rows;
}

} // namespace

std::vector<BalanceRow> computeBalances(const BalanceInput& input) {
    const BalancePlan plan = planBalances(input);
    DayWalker walker(plan);
    // Seeding (docs/balances.md, last paragraph): from the opening balance when the series starts
    // on the opening date, else from zero (the anchor then resets the total on its date).
    if (plan.anchorDate == plan.first) walker.seedFromOpening();
    walker.skipTo(plan.first);
    return walk(walker, plan.first, plan.last);
}

std::vector<BalanceRow> computeBalancesFrom(const BalanceInput& input, Date from,
                                            const BalanceRow& previousDay) {
    const BalancePlan plan = planBalances(input);
    if (from <= plan.first) return computeBalances(input);
    if (from > plan.last) return {};
    if (previousDay.date != from.addDays(-1))
        throw std::invalid_argument("previousDay must be the row of the day before `from`");
    DayWalker walker(plan);
    walker.setStart(previousDay.endCash, previousDay.endNonCash);
    walker.skipTo(from);
    return walk(walker, from, plan.last);
}

} // namespace finimport::domain
