#pragma once
// docs/decisions.md D210: what an upload proved about an account's ledger, for its publish.
// An account's changes (schema v20, entry_counts.changes) grow with every write that could give
// a duplicate candidate to a row that had none; an upload stamps its import with the account's
// changes before its first probe, and the publish that finds them unchanged (after locking the
// account, docs/decisions.md D63) need not probe again the rows the upload found no candidate
// for.

#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>

namespace finimport::store {

// The account's changes so far (0 for an account that never had an entry).
int64_t ledgerChanges(Tx& s, const std::string& accountId);
// Records (or replaces) the changes of `accountId` an upload of `importId` probed against.
void stampImportLedger(Tx& s, const std::string& importId, const std::string& accountId,
                       int64_t changes);
// The changes stamped for the import and account; nullopt when none was.
std::optional<int64_t> importLedgerStamp(Tx& s, const std::string& importId,
                                         const std::string& accountId);

} // namespace finimport::store
