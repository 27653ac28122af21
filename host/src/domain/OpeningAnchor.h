#pragma once
// Where an account's opening anchor goes when the import does not say (docs/balances.md
// "Opening anchor").

#include "domain/AccountKind.h"
#include "domain/Date.h"

#include <optional>
#include <string>

namespace finimport::domain {

// The earlier of (oldest entry date − 1 day) and (today − 2 years); today − 2 years when the
// account has no entries. `today` is D1's (UTC) date.
Date defaultOpeningDate(std::optional<Date> oldestEntryDate, Date today);

// The opening anchor's entry name by account kind (docs/imports.md §6.3): "Original purchase price"
// (property, vehicle), "Original principal" (loan), "Opening account value" (investment, crypto,
// other asset), else "Opening balance".
std::string openingAnchorName(AccountKind kind);

} // namespace finimport::domain
