#pragma once
// Changes to existing transaction entries made by a publish beyond EntryStore's inserts.

#include <string>

namespace Poco::Data {
class Session;
}

namespace finimport::store {

// A split parent (docs/imports.md §6.10): excluded, without tags and without a category; its
// children carry the amounts.
void clearSplitParent(Poco::Data::Session& s, const std::string& entryId);

} // namespace finimport::store
