#pragma once
// Corrections of one transaction through the read API (docs/read-api.md §3.4, §3.5): the
// columns a PATCH writes, the family checks of the ids it names, and a DELETE with what hangs off
// the transaction. The caller holds the write transaction and recomputes balances.

#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

// What a PATCH writes; unset members stay as they are. Optional-of-optional: nullopt = keep,
// a nullopt inside = clear.
struct TransactionChanges {
    std::optional<std::string> name, date;
    std::optional<std::optional<std::string>> notes, categoryId, merchantId, activityLabel;
    std::optional<int64_t> amount; // scaled 10^8, ledger sign
    std::optional<bool> excluded;
    std::optional<std::vector<std::string>> tagIds; // the whole set
};

// The split position of a transaction entry.
struct SplitRole {
    bool child = false;  // it has a split parent
    bool parent = false; // it has split children
};

class TransactionEdits {
public:
    explicit TransactionEdits(Tx& s) : _s(s) {}

    SplitRole splitRole(const std::string& entryId);
    // Which of `ids` are categories / merchants / tags of the family (the set found).
    bool categoryOfFamily(const std::string& familyId, const std::string& id);
    bool merchantOfFamily(const std::string& familyId, const std::string& id);
    bool tagsOfFamily(const std::string& familyId, const std::vector<std::string>& ids);
    // The entry's tag ids, sorted.
    std::vector<std::string> tagIds(const std::string& entryId);

    // Writes the given columns and `updatedAt`.
    void apply(const std::string& entryId, const TransactionChanges& changes, int64_t updatedAt);

    // Deletes the entry with its split children, the transfers and rejected transfers that link
    // any of them (the other side stays, no longer a transfer), their tag links, and the
    // matches other imports recorded on them (a match on a deleted entry holds nothing back:
    // docs/read-api.md §3.6). Payload rows go with their entries.
    void deleteWithChildren(const std::string& entryId);

private:
    Tx& _s;
};

} // namespace finimport::store
