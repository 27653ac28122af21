#pragma once
// Changes to existing transaction entries made by a publish beyond EntryStore's inserts.

#include "store/Tx.h"
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

// A split parent (docs/imports.md §6.10): excluded, without tags and without a category; its
// children carry the amounts.
void clearSplitParent(Tx& s, const std::string& entryId);

// docs/decisions.md D18 / docs/imports.md §7.1: a matched transaction takes the row's category,
// tags (replacing its own, when the row has any) and notes.
struct MatchAbsorb {
    std::string entryId;
    std::optional<std::string> categoryId, notes;
    std::vector<std::string> tagIds;
};
// Applies every absorb in a few statements per few hundred entries (docs/decisions.md D80: a
// re-import of 100k rows that all match ran three statements per row).
void absorbMatches(Tx& s, const std::vector<MatchAbsorb>& matches);

} // namespace finimport::store
