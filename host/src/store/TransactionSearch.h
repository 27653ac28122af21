#pragma once
// The `search` filter of the transactions listing (docs/read-api.md §3.2): which index narrows
// it and the condition that decides it (docs/decisions.md D146, D217). Internal to the store.

#include "store/SqlRow.h"
#include "store/TransactionReads.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

class Database;

struct SearchPlan {
    // SQLite: the FTS5 query whose matches hold every match of the text (a superset), or
    // nullopt to check the rows in the listing's order instead.
    std::optional<std::string> match;
    int64_t candidates = 0; // with `match`: at most this many rows match it
};

SearchPlan planSearch(Database& db, Tx& s, const TransactionFilter& f);

// Appends " AND (...)" for f.search (set) to `w`, its parameters to `params`. `walk` (SQLite,
// with plan.match): the candidates only filter the rows the listing's order index yields,
// instead of being the rows the query starts from.
void appendSearch(std::string& w, const TransactionFilter& f, bool pg, const SearchPlan& plan,
                  bool walk, std::vector<SqlValue>& params);

} // namespace finimport::store
