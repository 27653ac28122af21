#pragma once
// The attributes of a transaction that a user's correction pinned (docs/decisions.md D86): rules
// skip a locked attribute unless a pass ignores locks. Stored in the entry row
// (`entries.locked_attributes`, schema v15) as a JSON object `{"<attribute>": <epoch µs>}`,
// NULL when none, so locks go with their entry.
//
// Lock keys: name, notes, category_id, merchant_id, tag_ids, excluded,
// investment_activity_label. Only PATCH/PUT /api/v1/transactions/{id} locks (every lockable
// attribute the request writes, docs/read-api.md §3.4); imports, row edits, rules and restores
// never do.

#include "store/Tx.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace finimport::store {

using LockMap = std::map<std::string, int64_t>; // attribute -> locked at (epoch µs)

class TransactionLocks {
public:
    // Locks `attributes` of the entry at `at` (a lock already there gets the new time).
    static void lock(Tx& s, const std::string& entryId, const std::vector<std::string>& attributes,
                     int64_t at);
    // The entry's locks; empty when none (or no such entry).
    static LockMap locked(Tx& s, const std::string& entryId);
    // Removes the given locks (all when `attributes` is empty).
    static void unlock(Tx& s, const std::string& entryId,
                       const std::vector<std::string>& attributes = {});

    // The stored text of a lock map (NULL column for an empty map) and back. Unknown or
    // malformed text reads as no locks.
    static std::string encode(const LockMap& locks);
    static LockMap decode(const std::string& text);
};

} // namespace finimport::store
