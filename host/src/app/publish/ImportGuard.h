#pragma once
// At-most-once publish and revert across instances (issue 13, D63). Both run inside the job's
// own write transaction, before anything else:
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

#include <Poco/Data/Session.h>

#include <optional>
#include <string>

namespace finimport::app {

bool claimImport(Poco::Data::Session& s, const std::string& importId,
                 const std::string& expectedStatus);
void lockPublishTargets(Poco::Data::Session& s, const std::string& familyId);
bool failImportIfStatus(Poco::Data::Session& s, const std::string& importId,
                        const std::string& expectedStatus, const std::string& newStatus,
                        const std::string& message);

} // namespace finimport::app
