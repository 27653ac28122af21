#pragma once
// What the balance calculator reads: one account's entries and price points.

#include "domain/AccountKind.h"
#include "domain/Date.h"
#include "domain/Decimal.h"

#include <string>
#include <vector>

namespace finimport::domain {

struct BalanceEntry {
    enum class Kind { Transaction, Trade, Valuation };
    Kind kind = Kind::Transaction;
    Date date;
    // Engine sign (docs/balances.md "Sign of entries"): negative = money in. For a valuation, the
    // account's total balance at the end of `date`.
    Decimal amount;
    // Trades: the security, the signed quantity (negative = sold; 0 = cash-only income such
    // as a dividend or interest) and the unit price.
    std::string securityId;
    Decimal qty;
    Decimal price;
    // Valuations: this one is the account's opening anchor (amount = opening balance).
    bool openingAnchor = false;
};

// A price point for a security held in an investment account (docs/decisions.md D21).
struct HoldingPrice {
    std::string securityId;
    Date date;
    Decimal price;
};

struct BalanceInput {
    AccountKind kind = AccountKind::Depository;
    std::vector<BalanceEntry> entries; // any order
    std::vector<HoldingPrice> prices;  // optional, any order; used by investment kinds only
    Date today; // docs/decisions.md D1; the series' only day when there are no entries
};

} // namespace finimport::domain
