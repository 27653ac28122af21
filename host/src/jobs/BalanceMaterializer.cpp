#include "jobs/BalanceMaterializer.h"

#include "domain/BalanceCalculator.h"
#include "store/AccountStore.h"
#include "store/BalanceStore.h"
#include "store/EntryStore.h"
#include "store/HoldingPrices.h"

namespace finimport::jobs {

using domain::BalanceEntry;
using domain::Decimal;

namespace {

domain::BalanceInput loadInput(store::Tx& s, domain::AccountKind kind, const std::string& accountId,
                               domain::Date today,
                               const std::optional<std::string>& transactionsFrom) {
    domain::BalanceInput input;
    input.kind = kind;
    input.today = today;
    for (const auto& item : store::EntryStore(s).ledgerOf(accountId, transactionsFrom)) {
        BalanceEntry e;
        auto date = domain::Date::parseIso(item.date);
        if (!date) continue;
        e.date = *date;
        e.amount = Decimal::fromRaw(item.amount);
        if (item.entryableType == "Trade") {
            e.kind = BalanceEntry::Kind::Trade;
            e.securityId = item.securityId.value_or("");
            e.qty = Decimal::fromRaw(item.qty);
            e.price = Decimal::fromRaw(item.price);
        } else if (item.entryableType == "Valuation") {
            e.kind = BalanceEntry::Kind::Valuation;
            e.openingAnchor = item.valuationKind == "opening_anchor";
        }
        input.entries.push_back(std::move(e));
    }
    for (const auto& p : store::holdingPrices(s, accountId)) {
        if (auto d = domain::Date::parseIso(p.date))
            input.prices.push_back({p.securityId, *d, Decimal::fromRaw(p.price)});
    }
    return input;
}

store::BalanceRecord toRecord(const domain::BalanceRow& r, const std::string& currency) {
    store::BalanceRecord b;
    b.date = r.date.iso();
    b.currency = currency;
    b.balance = r.endBalance().raw();
    b.cashBalance = r.endCash.raw();
    b.startCash = r.startCash.raw();
    b.startNonCash = r.startNonCash.raw();
    b.cashInflows = r.cashInflows.raw();
    b.cashOutflows = r.cashOutflows.raw();
    b.nonCashInflows = r.nonCashInflows.raw();
    b.nonCashOutflows = r.nonCashOutflows.raw();
    b.netMarketFlows = r.netMarketFlows.raw();
    b.cashAdjustments = r.cashAdjustments.raw();
    b.nonCashAdjustments = r.nonCashAdjustments.raw();
    b.endCash = r.endCash.raw();
    b.endNonCash = r.endNonCash.raw();
    b.flowsFactor = r.flowsFactor;
    return b;
}

domain::BalanceRow fromRecord(const store::BalanceRecord& b, domain::Date date) {
    domain::BalanceRow r;
    r.date = date;
    r.flowsFactor = static_cast<int>(b.flowsFactor);
    r.startCash = Decimal::fromRaw(b.startCash);
    r.startNonCash = Decimal::fromRaw(b.startNonCash);
    r.cashInflows = Decimal::fromRaw(b.cashInflows);
    r.cashOutflows = Decimal::fromRaw(b.cashOutflows);
    r.nonCashInflows = Decimal::fromRaw(b.nonCashInflows);
    r.nonCashOutflows = Decimal::fromRaw(b.nonCashOutflows);
    r.netMarketFlows = Decimal::fromRaw(b.netMarketFlows);
    r.cashAdjustments = Decimal::fromRaw(b.cashAdjustments);
    r.nonCashAdjustments = Decimal::fromRaw(b.nonCashAdjustments);
    r.endCash = Decimal::fromRaw(b.endCash);
    r.endNonCash = Decimal::fromRaw(b.endNonCash);
    return r;
}

} // namespace

MaterializeResult materializeBalances(store::Tx& s, const std::string& accountId,
                                      domain::Date today, std::optional<domain::Date> changedFrom) {
    MaterializeResult result;
    auto account = store::AccountStore(s).byIdAnyFamily(accountId);
    if (!account) return result;
    store::BalanceStore balances(s);
    std::vector<store::BalanceRecord> records;
    // Authoritative imported history (docs/decisions.md D21) and kindless accounts are left as they
    // are.
    if (account->authoritativeBalanceHistory || !account->accountType) return result;
    auto kind = domain::accountKindFromSnake(*account->accountType);
    if (!kind) return result;

    std::vector<domain::BalanceRow> rows;
    std::optional<std::string> from;
    std::optional<store::BalanceRecord> previous;
    if (changedFrom) previous = balances.on(accountId, changedFrom->addDays(-1).iso());
    if (previous) {
        // The walk starts from the stored day before: the transactions before it add nothing
        // (docs/decisions.md D80), only trades (holdings) and valuations, which are all read.
        domain::BalanceInput input = loadInput(s, *kind, accountId, today, changedFrom->iso());
        rows = domain::computeBalancesFrom(input, *changedFrom,
                                           fromRecord(*previous, changedFrom->addDays(-1)));
        from = changedFrom->iso();
        result.incremental = true;
    } else {
        rows = domain::computeBalances(loadInput(s, *kind, accountId, today, std::nullopt));
    }
    records.reserve(rows.size());
    for (const auto& r : rows)
        records.push_back(toRecord(r, account->currency));
    balances.replace(accountId, from, records);
    result.rows = records.size();
    if (!rows.empty()) {
        const auto& last = rows.back();
        store::AccountStore(s).setBalance(accountId, last.endBalance().raw(), last.endCash.raw());
    }
    return result;
}

} // namespace finimport::jobs
