#pragma once
// docs/decisions.md D80: an import's effect on an account's stored balances, applied as a delta.
// When the import's entries on a cash account are plain transactions and nothing after its
// first day resets the balance (a valuation, a trade), each stored day from that first day on
// moves by the import's own flows: that day's in and out, and the running sum of the days before
// in the start and end balances. The cost is the import's rows and the days since its first one;
// the account's other entries are not read. Otherwise the caller rebuilds (BalanceMaterializer).

#include "store/EntryLookups.h"
#include "store/Tx.h"

#include <string>
#include <vector>

namespace finimport::jobs {

// `sums`: the import's transactions on the account per day (store::plainImportDaySums), read before
// a revert deletes them; `sign` +1 once published, -1 once reverted. Call after the entries are
// written or deleted. False (nothing written) when a delta would not be exact: rebuild instead.
bool applyImportDelta(store::Tx& s, const std::string& accountId,
                      const std::vector<store::DaySums>& sums, int sign);

} // namespace finimport::jobs
