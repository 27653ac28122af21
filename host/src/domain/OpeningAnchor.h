#pragma once
// Where an account's opening anchor goes when the import does not say (BALANCES.md
// "Opening anchor").

#include "domain/Date.h"

#include <optional>

namespace finimport::domain {

// The earlier of (oldest entry date − 1 day) and (today − 2 years); today − 2 years when the
// account has no entries. `today` is D1's (UTC) date.
Date defaultOpeningDate(std::optional<Date> oldestEntryDate, Date today);

} // namespace finimport::domain
