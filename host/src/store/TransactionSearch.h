#pragma once
// The `search` filter of the transactions listing (docs/read-api.md §3.2): which index narrows
// it and the condition that decides it (docs/decisions.md D146, D217, D240-D242, D250, D251;
// PostgreSQL: D280-D283, TransactionSearchPg.h). Internal to the store.

#include "store/PageAnchors.h"
#include "store/SqlRow.h"
#include "store/TransactionReads.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

class Database;

// One (account, name, merchant) of the dictionary (schema v21, v22) whose entries all match.
struct SearchStream {
    int64_t rowid = 0; // SQLite: entry_names.id; PostgreSQL: the pair's hash (name_pair)
    std::string accountId, name, merchantId; // merchantId "" = no merchant
    int64_t entries = 0;
    // PostgreSQL: the date of the pair's latest entry, read with the plan (so of the plan's stamp
    // of the data); "" when it has none.
    std::string latestDate;
};

// The pattern of ILIKE/LIKE ... ESCAPE '\\' that matches rows containing `text`: `%`, `_` and the
// escape character itself are plain characters (docs/read-api.md §3.2).
std::string likePattern(const std::string& text);
// Text a trigram index can serve: at least 3 characters (a trigram), no NUL.
bool usesTrigrams(const std::string& text);

struct SearchPlan {
    // The text is found through the dictionary of names and the notes index.
    bool indexed = false;
    std::string notesMatch;            // SQLite, `indexed`: the FTS5 query over entries' notes
    std::vector<SearchStream> streams; // with `indexed`: the matching pairs, at most kMaxStreams
    // More pairs match than kMaxStreams (the parts of a merged page): the rows are checked
    // instead.
    bool tooManyStreams = false;
    int64_t candidates = 0; // with `indexed`: at most this many rows match
    // PostgreSQL, `indexed` without `tooManyStreams`: the matches found by their notes alone (not
    // by their name or merchant), counted when the plan is made: none, and a page reads no notes.
    int64_t notesOnly = 0;
    static constexpr size_t kMaxStreams = 200;
};

SearchPlan planSearch(Database& db, Tx& s, const TransactionFilter& f);

// The plans of the pages of one stamp of the data (store/ReadStamps.h), by query shape: a plan
// depends on the data (the dictionary) and the filters only (docs/decisions.md D251).
std::shared_ptr<const SearchPlan> knownPlan(Database& db, const std::string& shape,
                                            const std::string& stamp);
// Only for a plan read while the stamp did not move.
void rememberPlan(Database& db, const std::string& shape, const std::string& stamp,
                  std::shared_ptr<const SearchPlan> plan);

// Appends " AND (...)" for f.search (set) to `w`, its parameters to `params`. `walk` (SQLite,
// indexed): the candidates only filter the rows the listing's order index yields, instead of
// being the rows the query starts from.
void appendSearch(std::string& w, const TransactionFilter& f, bool pg, const SearchPlan& plan,
                  bool walk, std::vector<SqlValue>& params);

// Indexed plan: the exact number of matches on the filter's accounts (the pairs' counts, plus
// the entries found by their notes alone).
int64_t countIndexed(Database& db, Tx& s, const TransactionFilter& f, const SearchPlan& plan);

// Indexed plan without tooManyStreams: a SELECT of (date, created_at, id) of the
// matches on the filter's accounts in the listing's order, from or after the page `anchor`
// (store/PageAnchors.h), holding at least their first `depth` rows (and every row of the date of
// the last of those): the matching pairs' rows of entries_name_pair and the notes' matches. Ends
// with the ORDER BY; the caller adds LIMIT and OFFSET.
std::string mergedMatches(const TransactionFilter& f, bool pg, const SearchPlan& plan,
                          const std::optional<PageAnchors::Anchor>& anchor, int64_t depth,
                          std::vector<SqlValue>& params);

} // namespace finimport::store
