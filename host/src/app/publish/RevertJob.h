#pragma once
// The transaction every revert job runs (docs/imports.md §12.3, docs/decisions.md D64), for the
// ledger imports (Publisher) and the NDJSON backup (Restorer) alike: claim the import,
// lock the family's publish targets, re-check what depends on it, undo what it created, forget
// its records and return it to `pending`. Any failure rolls all of it back and marks the import
// `revert_failed` with the reason, in a transaction of its own.

#include "jobs/RecordedFailure.h"
#include "store/Database.h"
#include "store/ImportStore.h"

#include <functional>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace finimport::app {

// Deletes what the import created. It may change `import`; the job stores it afterwards.
using RevertUndo = std::function<void(store::Tx&, store::ImportStore&, store::ImportRecord&)>;

// A failure is recorded on the import (`revert_failed`) and returned for the job's log line.
std::optional<jobs::RecordedFailure> runRevertJob(store::Database& db, const std::string& importId,
                                                  const RevertUndo& undo);

// A publish or revert job's failure, after its transaction rolled back: the import moves from
// `from` to `to` with the reason, in a transaction of its own; the answer is for the job's log
// line.
jobs::RecordedFailure recordJobFailure(store::Database& db, const std::string& importId,
                                       const std::string& from, const std::string& to,
                                       const std::exception& e);

// The ids of `type` among the records the import created (ImportStore::records: type, id) that
// `inUse` (given all of them at once) does not return: the taxonomy a revert deletes.
std::vector<std::string>
unusedCreated(const std::vector<std::pair<std::string, std::string>>& created,
              const std::string& type,
              const std::function<std::set<std::string>(const std::vector<std::string>&)>& inUse);

} // namespace finimport::app
