#pragma once
// The balance calculator's view of its input: entries sorted by date, securities numbered,
// the series bounds fixed (docs/decisions.md D31). Internal to the calculator; built once per
// computation.

#include "domain/AccountKind.h"
#include "domain/BalanceInput.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace finimport::domain {

struct PlannedEntry {
    Date date;
    BalanceEntry::Kind kind;
    bool openingAnchor;
    uint32_t security; // dense index into the plan's securities (trades)
    Decimal amount, qty, price;
};

struct PlannedPrice {
    Date date;
    uint32_t security;
    Decimal price;
};

struct BalancePlan {
    AccountKind kind;
    BalanceKind balanceKind;
    int flowsFactor;
    std::vector<PlannedEntry> entries; // by date, input order kept within a day
    std::vector<PlannedPrice> prices;  // by date; investment kinds only
    size_t securityCount = 0;
    std::optional<Date> anchorDate;
    Decimal openingBalance;
    Date first, last; // the series, both included
};

// Throws std::invalid_argument when the input has more than one opening anchor.
BalancePlan planBalances(const BalanceInput& input);

} // namespace finimport::domain
