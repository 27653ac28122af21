#include "jobs/BalanceDelta.h"

#include "domain/AccountKind.h"
#include "domain/Date.h"
#include "store/AccountStore.h"
#include "store/BalanceStore.h"

namespace finimport::jobs {

bool applyImportDelta(store::Tx& s, const std::string& accountId,
                      const std::vector<store::DaySums>& sums, int sign) {
    if (sums.empty()) return false;
    auto account = store::AccountStore(s).byIdAnyFamily(accountId);
    if (!account || account->authoritativeBalanceHistory || !account->accountType) return false;
    auto kind = domain::accountKindFromSnake(*account->accountType);
    // Cash accounts only: holdings (investment) and non-cash balances move by more than flows.
    if (!kind || domain::balanceKindOf(*kind) != domain::BalanceKind::Cash) return false;
    auto from = domain::Date::parseIso(sums.front().date);
    if (!from) return false;
    const std::string dayBefore = from->addDays(-1).iso();
    if (store::hasOtherEntriesFrom(s, accountId, from->iso())) return false;

    // The stored series from the day before: it must hold every day through the import's last,
    // and end on the account's latest entry (the series' own end, docs/decisions.md D31).
    store::BalanceStore balances(s);
    std::vector<store::BalanceRecord> rows = balances.since(accountId, dayBefore);
    if (rows.size() < 2 || rows.front().date != dayBefore) return false;
    auto expected = *from;
    for (size_t i = 1; i < rows.size(); ++i, expected = expected.addDays(1))
        if (rows[i].date != expected.iso()) return false;
    if (rows.back().date < sums.back().date) return false;
    if (store::latestEntryDate(s, accountId) != rows.back().date) return false;

    // The engine's flows (domain/BalanceCalculator.cpp, addFlow): a negative amount is money in.
    int64_t running = 0;
    size_t next = 0;
    for (size_t i = 1; i < rows.size(); ++i) {
        auto& r = rows[i];
        r.startCash += running;
        if (next < sums.size() && sums[next].date == r.date) {
            const int64_t in = -sums[next].in * sign, out = sums[next].out * sign;
            r.cashInflows += in;
            r.cashOutflows += out;
            running += (in - out) * r.flowsFactor;
            ++next;
        }
        r.endCash += running;
        r.balance += running;
        if (r.cashBalance) *r.cashBalance += running;
    }
    if (next != sums.size()) return false; // a day of the import missing from the series
    rows.erase(rows.begin());
    balances.replace(accountId, from->iso(), rows);
    store::AccountStore(s).setBalance(accountId, rows.back().balance, rows.back().endCash);
    return true;
}

} // namespace finimport::jobs
