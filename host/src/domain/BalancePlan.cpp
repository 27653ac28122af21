#include "domain/BalancePlan.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace finimport::domain {

namespace {

class SecurityIndex {
public:
    uint32_t of(const std::string& id) {
        auto [it, inserted] = _ids.try_emplace(id, static_cast<uint32_t>(_ids.size()));
        return it->second;
    }
    size_t size() const { return _ids.size(); }

private:
    std::unordered_map<std::string, uint32_t> _ids;
};

} // namespace

BalancePlan planBalances(const BalanceInput& input) {
    BalancePlan plan;
    plan.kind = input.kind;
    plan.balanceKind = balanceKindOf(input.kind);
    plan.flowsFactor = flowsFactor(input.kind);
    const bool investment = plan.balanceKind == BalanceKind::Investment;

    SecurityIndex securities;
    plan.entries.reserve(input.entries.size());
    for (const BalanceEntry& e : input.entries) {
        bool trade = e.kind == BalanceEntry::Kind::Trade;
        bool anchor = e.kind == BalanceEntry::Kind::Valuation && e.openingAnchor;
        if (anchor) {
            if (plan.anchorDate) throw std::invalid_argument("more than one opening anchor");
            plan.anchorDate = e.date;
            plan.openingBalance = e.amount;
        }
        uint32_t security = trade && investment ? securities.of(e.securityId) : 0;
        plan.entries.push_back({e.date, e.kind, anchor, security, e.amount, e.qty, e.price});
    }
    std::stable_sort(plan.entries.begin(), plan.entries.end(),
                     [](const PlannedEntry& a, const PlannedEntry& b) { return a.date < b.date; });

    if (investment) {
        plan.prices.reserve(input.prices.size());
        for (const HoldingPrice& p : input.prices)
            plan.prices.push_back({p.date, securities.of(p.securityId), p.price});
        std::stable_sort(
            plan.prices.begin(), plan.prices.end(),
            [](const PlannedPrice& a, const PlannedPrice& b) { return a.date < b.date; });
    }
    plan.securityCount = securities.size();

    // docs/decisions.md D31; the anchor is an entry, so it is both a candidate start and a
    // candidate end.
    plan.first = plan.entries.empty() ? input.today : plan.entries.front().date;
    plan.last = plan.first;
    if (!plan.entries.empty()) plan.last = plan.entries.back().date;
    if (!plan.prices.empty()) plan.last = std::max(plan.last, plan.prices.back().date);
    return plan;
}

} // namespace finimport::domain
