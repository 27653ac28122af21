#pragma once
// The `search` filter of the transactions listing on PostgreSQL (docs/decisions.md D280-D283):
// the matching pairs found in the dictionary of names (schema v22), a page's rows merged from
// entries_name_pair, total_count summed from the dictionary. Internal to the store.

#include "store/TransactionSearch.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

// The dictionary's pairs that match on the filter's accounts (their name contains the text, or
// their merchant's name does): `indexed` set and `streams` filled (each stream's rowid is the
// pair's hash, entries.name_pair), or `tooManyStreams` past SearchPlan::kMaxStreams.
SearchPlan planSearchPg(Database& db, Tx& s, const TransactionFilter& f);

// The exact number of matches on the filter's accounts: the matching pairs' counts, plus the
// entries found by their notes alone.
int64_t countIndexedPg(Database& db, Tx& s, const TransactionFilter& f, const SearchPlan& plan);

// As mergedMatches() (TransactionSearch.h), on PostgreSQL: a SELECT of (date, created_at, id) of
// the matches in the listing's order from or after `anchor`, holding at least their first
// `depth` rows and every row of the date of the last of those. Ends with the ORDER BY.
std::string mergedMatchesPg(const TransactionFilter& f, const SearchPlan& plan,
                            const std::optional<PageAnchors::Anchor>& anchor, int64_t depth,
                            std::vector<SqlValue>& params);

// Appends " AND (...)" for f.search to `w` (rows `e`), its parameters to `params`: the matching
// pairs' hashes and the notes for an indexed plan, else the condition checked on each row.
void appendSearchPg(std::string& w, const TransactionFilter& f, const SearchPlan& plan,
                    std::vector<SqlValue>& params);

} // namespace finimport::store
