#pragma once
// Changes to existing transaction entries made by a publish beyond EntryStore's inserts.

#include "store/Tx.h"
#include <string>

namespace finimport::store {

// A split parent (docs/imports.md §6.10): excluded, without tags and without a category; its
// children carry the amounts.
void clearSplitParent(Tx& s, const std::string& entryId);

} // namespace finimport::store
