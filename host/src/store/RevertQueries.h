#pragma once
// Who depends on what a revert would delete (docs/decisions.md D64): the owners of records that
// another import, or the API, attached to the import's records.

#include "store/Tx.h"
#include <string>
#include <vector>

namespace finimport::store {

// The owning import id of every dependant record, '' for a record no import owns (created
// through the API); one entry per distinct owner and kind of dependency, unsorted.
std::vector<std::string> revertDependantOwners(Tx& s, const std::string& importId);

// The statement of revertDependantOwners that finds the other imports matching an entry the
// import created (every `?` is the import id), on PostgreSQL or SQLite: its plan is tested.
std::string matchedCreatedEntriesQuery(bool postgres);

} // namespace finimport::store
