#pragma once
// One materialized balance record: an account on a day (docs/balances.md, docs/api.md §9.2).

#include "domain/Date.h"
#include "domain/Decimal.h"

namespace finimport::domain {

struct BalanceRow {
    Date date;
    int flowsFactor = 1;
    Decimal startCash, startNonCash;
    Decimal cashInflows, cashOutflows;
    Decimal nonCashInflows, nonCashOutflows;
    Decimal netMarketFlows;
    Decimal cashAdjustments, nonCashAdjustments;
    Decimal endCash, endNonCash; // cash_balance == end_cash_balance == endCash

    Decimal startBalance() const { return startCash + startNonCash; }
    // `balance` == `end_balance`.
    Decimal endBalance() const { return endCash + endNonCash; }

    bool operator==(const BalanceRow&) const = default;
};

} // namespace finimport::domain
