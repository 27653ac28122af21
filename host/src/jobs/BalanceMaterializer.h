#pragma once
// Writes an account's daily balance rows (docs/balances.md) into `balances`: the engine runs on the
// account's entries and the rows replace the stored ones inside the caller's transaction.

#include "domain/Date.h"
#include "store/Tx.h"

#include <optional>
#include <string>

namespace finimport::jobs {

struct MaterializeResult {
    size_t rows = 0;
    bool incremental = false;
};

// Full recompute, or from `changedFrom` when the stored row of the day before exists and the
// earlier rows are unaffected. Also refreshes the account's current balance.
MaterializeResult materializeBalances(store::Tx& s, const std::string& accountId,
                                      domain::Date today,
                                      std::optional<domain::Date> changedFrom = std::nullopt);

} // namespace finimport::jobs
