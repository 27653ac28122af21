#pragma once
// Daily balance rows of one account (docs/balances.md; docs/decisions.md D2, D31, D32).
//
// Series: from min(opening anchor date, oldest entry date) to the latest entry date (every
// kind counts, the anchor too) or the latest holding price date, whichever is later (D31).
// Every day in between gets a row. Arithmetic is exact (Decimal); a result that does not fit
// throws DecimalOverflow. Every row satisfies exactly:
//   endCash    = startCash + (cashInflows − cashOutflows) × flowsFactor + cashAdjustments
//   endNonCash = startNonCash + (nonCashInflows − nonCashOutflows) × flowsFactor
//                + netMarketFlows + nonCashAdjustments
// and each day starts with the previous day's end values.
//
// Points docs/balances.md leaves open, decided here:
//  - No entries at all: one all-zero row dated `today`. No opening anchor (but entries): the
//    series starts on the oldest entry from zero. More than one anchor: std::invalid_argument.
//  - Several valuations on one day: a non-anchor valuation wins over the anchor; among equals
//    the last one in input order wins.
//  - netMarketFlows (investment kinds) is the change of the non-cash side not explained by
//    the non-cash flows: endNonCash − startNonCash − (nonCashInflows − nonCashOutflows). It
//    equals docs/balances.md's (holdings value on d − on d−1) − (inflows − outflows) on every day
//    except a first day seeded from an opening anchor that has trades on the same day: there
//    the seed already counts that day's holdings (docs/balances.md: "opening − holdings value
//    that day"), and the residual keeps the identity exact.
//  - Holdings value: Σ qty held × latest price on or before d; each product rounded to 8
//    places (D2). Trade quantities are signed (negative = sold). Within one day trades apply
//    in input order and holding price points after them (a price point wins over a trade
//    price of the same day). A price of 0 (trade or price point) means "unknown" and keeps the
//    previous price; a security with no known price is valued 0. Price points are used only
//    by investment kinds (Investment, Crypto), and only those extend the series end.
//  - Trades on cash accounts (depository, credit card) count as cash only (they have no
//    non-cash side); trades on non-cash accounts are ignored like their transactions (D32).
//  - Non-cash accounts have cash 0 on every row; loans move by transactions (non-cash side),
//    the others only by valuations, the change showing as nonCashAdjustments.

#include "domain/BalanceInput.h"
#include "domain/BalanceRow.h"

#include <vector>

namespace finimport::domain {

std::vector<BalanceRow> computeBalances(const BalanceInput& input);

// Recomputes the rows from `from` onward, starting from `previousDay` (the row of from − 1
// of an earlier run); the result equals the tail of computeBalances(input) provided no entry
// before `from` changed since `previousDay` was computed. When `from` is on or before the
// series start this is a full run (previousDay unused); after the series end it is empty.
// Throws std::invalid_argument when previousDay.date != from − 1 (and a full run is not due).
std::vector<BalanceRow> computeBalancesFrom(const BalanceInput& input, Date from,
                                            const BalanceRow& previousDay);

} // namespace finimport::domain
