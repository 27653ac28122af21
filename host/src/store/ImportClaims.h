#pragma once
// At-most-once publish and revert across instances (docs/decisions.md D63). Both run
// inside the job's own write transaction, before anything else:
//   claimImport  — `UPDATE imports … WHERE id = ? AND status = ?`: takes the import's row lock
//                  and proves the status is still the expected one. A second job for the same
//                  import (a redelivery, a race of two instances, a lease that expired while
//                  the first was committing) blocks on the lock, then sees the committed status
//                  and does nothing.
//   lockPublishTargets — PostgreSQL `SELECT … FOR NO KEY UPDATE` on the family row and the
//                  family's accounts in id order (one global order: no deadlock), so two
//                  instances publishing overlapping files match duplicates one after the
//                  other and cannot both insert the same entry. SQLite: the write transaction
//                  is already exclusive.
// failImportIfStatus records a failure only while the import still has the status the job
// expected (a failure never overwrites another instance's `complete`).

#include "store/Tx.h"
#include <string>

namespace finimport::store {

// True when the import still has `expectedStatus` (its row is then locked until commit).
bool claimImport(Tx& s, const std::string& importId, const std::string& expectedStatus);
// Returns once the family's row and accounts are locked (PostgreSQL) or at once (SQLite).
void lockPublishTargets(Tx& s, const std::string& familyId);
// True when the failure was recorded (the import still had `expectedStatus`).
bool failImportIfStatus(Tx& s, const std::string& importId, const std::string& expectedStatus,
                        const std::string& newStatus, const std::string& message);

} // namespace finimport::store
