#pragma once
// Who depends on what a revert would delete (docs/decisions.md D64): the owners of records that
// another import, or the API, attached to the import's records.

#include <string>
#include <vector>

namespace Poco::Data {
class Session;
}

namespace finimport::store {

// The owning import id of every dependant record, '' for a record no import owns (created
// through the API); one entry per distinct owner and kind of dependency, unsorted.
std::vector<std::string> revertDependantOwners(Poco::Data::Session& s, const std::string& importId);

} // namespace finimport::store
