#include "store/TransactionSearch.h"
#include "store/TransactionSearchPg.h"

#include "store/Columns.h"
#include "store/Database.h"
#include "store/ListCounts.h"
#include "store/StatementCache.h"
#include "store/StoreCounters.h"
#include "store/TxSession.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <unordered_map>

namespace finimport::store {

std::string likePattern(const std::string& text) {
    std::string out = "%";
    for (char ch : text) {
        if (ch == '%' || ch == '_' || ch == '\\') out += '\\';
        out += ch;
    }
    return out + "%";
}

bool usesTrigrams(const std::string& text) {
    size_t characters = 0;
    for (unsigned char c : text) {
        if (c == 0) return false;
        characters += (c & 0xC0) != 0x80;
    }
    return characters >= 3;
}

namespace {

// Bounds of the work a search does to choose its way (planSearch()).
constexpr int64_t kMaxSearchCandidates = 50000;
constexpr size_t kProbedTrigrams = 12;

// An FTS5 string: the text as one phrase (its trigrams in a row: a substring).
std::string ftsPhrase(const std::string& text) {
    std::string out = "\"";
    for (char ch : text) {
        if (ch == '"') out += '"';
        out += ch;
    }
    return out + "\"";
}

// The FTS5 query a search on SQLite goes through, or nullopt to check the rows in the
// listing's order instead (docs/decisions.md D146). A trigram that most names contain ("aye"
// of "Payee") makes a phrase query walk most of the index, so the query is the AND of the
// text's rare trigrams only: each probed with a bounded count, those with at most `cap`
// entries kept (up to 4, rarest first). Their intersection holds every match (a superset:
// LIKE decides). No rare trigram: the text is in much of the ledger, and a page finds its rows
// sooner in the listing's order than by sorting all its candidates.
// The probes' counts, kept for kProbeTtl across writes: they only choose the trigrams of the
// query, and any choice gives the same answers (LIKE decides), so an older count costs at most
// a slower query. A search without the page cache otherwise probed every trigram of its text
// again on each request (docs/decisions.md D217).
class ProbeCounts {
public:
    static constexpr std::chrono::seconds kProbeTtl{60};
    static constexpr size_t kMaxEntries = 4096;

    std::optional<int64_t> find(const std::string& key) {
        std::lock_guard lock(_mutex);
        auto it = _counts.find(key);
        if (it == _counts.end() || std::chrono::steady_clock::now() - it->second.at > kProbeTtl)
            return std::nullopt;
        return it->second.count;
    }
    void store(const std::string& key, int64_t count) {
        std::lock_guard lock(_mutex);
        if (_counts.size() >= kMaxEntries) _counts.clear();
        _counts[key] = {count, std::chrono::steady_clock::now()};
    }

private:
    struct Count {
        int64_t count;
        std::chrono::steady_clock::time_point at;
    };
    std::mutex _mutex;
    std::unordered_map<std::string, Count> _counts;
};

ProbeCounts& probeCounts() {
    static ProbeCounts counts;
    return counts;
}

} // namespace

namespace {

// The FTS5 query over `table` (a trigram index) whose matches hold every row containing `text`:
// the AND of its rare trigrams (docs/decisions.md D146). Each of up to kProbedTrigrams is
// probed with a count bounded by `cap` (kept kProbeTtl); nullopt when none has at most `cap`
// rows (the text is in much of the table). `rows`: at most this many rows match the query.
std::optional<std::string> rareQuery(Database& db, Tx& s, const std::string& table,
                                     const std::string& text, int64_t cap, int64_t& rows) {
    // The text's characters (UTF-8 sequences), then its distinct trigrams, at most
    // kProbedTrigrams of them spread over the text.
    std::vector<std::string> chars;
    for (size_t i = 0; i < text.size();) {
        size_t n = 1;
        while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80)
            ++n;
        chars.push_back(text.substr(i, n));
        i += n;
    }
    std::vector<std::string> trigrams;
    const size_t all = chars.size() - 2;
    const size_t step = std::max<size_t>(1, all / kProbedTrigrams);
    for (size_t i = 0; i < all && trigrams.size() < kProbedTrigrams; i += step) {
        std::string t = chars[i] + chars[i + 1] + chars[i + 2];
        if (std::find(trigrams.begin(), trigrams.end(), t) == trigrams.end())
            trigrams.push_back(std::move(t));
    }
    std::vector<std::pair<int64_t, std::string>> rare;
    // Keyed by the database handle too: counts of another database would only be slower.
    const std::string prefix = std::to_string(reinterpret_cast<uintptr_t>(&db)) + "\x1f" + table +
                               "\x1f" + std::to_string(cap) + "\x1f";
    for (const auto& t : trigrams) {
        std::optional<int64_t> n = probeCounts().find(prefix + t);
        if (!n) {
            n = db.statements().count(s,
                                      "SELECT COUNT(*) FROM (SELECT 1 FROM " + table + " WHERE " +
                                          table + " MATCH ? LIMIT ?) c",
                                      bindValues(ftsPhrase(t), cap + 1));
            probeCounts().store(prefix + t, *n);
        }
        if (*n <= cap) rare.emplace_back(*n, t);
    }
    if (rare.empty()) return std::nullopt;
    std::sort(rare.begin(), rare.end());
    rows = rare.front().first;
    std::string match;
    for (size_t i = 0; i < rare.size() && i < 4; ++i)
        match += (i ? " AND " : "") + ftsPhrase(rare[i].second);
    return match;
}

// The pattern as a subquery: SQLite prepares a statement again whenever a LIKE's bound pattern
// changes (its LIKE optimization reads the value; ours always start with `%`, so it never
// applies), which costs more than the search itself for a page merged from many pairs.
const char* kLike = " LIKE (SELECT ?) ESCAPE '\\'";

std::string familyMerchants() {
    return std::string("(SELECT sm.id FROM merchants sm WHERE sm.family_id = ? AND sm.name") +
           kLike + ")";
}

// The filter's accounts `a` (and the rows' account column `column`).
std::string accountsOf(const TransactionFilter& f, const std::string& column,
                       std::vector<SqlValue>& params) {
    std::string w = " AND a.family_id = ? AND a.status <> 'pending_deletion'";
    params.push_back(f.familyId);
    andIf(w, params, column + " = ?", f.accountId);
    if (f.accountIds) andIn(w, params, column, *f.accountIds);
    return w;
}

// The dictionary rows (schema v21) that match: their name contains the text, or their merchant's
// name does. `columns` of `d`.
std::string matchingPairs(const TransactionFilter& f, const std::optional<std::string>& names,
                          const std::string& columns, std::vector<SqlValue>& params) {
    const std::string pattern = likePattern(*f.search);
    std::string q;
    if (names) {
        q = "SELECT " + columns +
            " FROM entry_names d CROSS JOIN accounts a WHERE d.rowid IN (SELECT rowid FROM "
            "entry_names_search WHERE entry_names_search MATCH ?) AND a.id = d.account_id";
        params.push_back(*names);
    } else {
        // No rare trigram: the text is in much of the dictionary; read the family's part.
        q = "SELECT " + columns +
            " FROM accounts a CROSS JOIN entry_names d WHERE d.account_id = a.id";
    }
    q += accountsOf(f, "d.account_id", params) + " AND d.name" + kLike;
    params.push_back(pattern);
    q += " UNION SELECT " + columns +
         " FROM entry_names d CROSS JOIN accounts a WHERE d.merchant_id <> '' AND d.merchant_id "
         "IN " +
         familyMerchants() + " AND a.id = d.account_id";
    appendValues(params, bindValues(f.familyId, pattern));
    q += accountsOf(f, "d.account_id", params);
    return q;
}

// The entries found by their notes alone (not by their name or merchant: those are the
// dictionary's), on the filter's accounts: FROM and WHERE over `e` and `a`.
std::string notesOnly(const TransactionFilter& f, const SearchPlan& plan,
                      std::vector<SqlValue>& params) {
    const std::string pattern = likePattern(*f.search);
    std::string q = "FROM entries e CROSS JOIN accounts a WHERE e.rowid IN (SELECT rowid FROM "
                    "entries_notes_search WHERE entries_notes_search MATCH ?) AND a.id = "
                    "e.account_id AND e.entryable_type = 'Transaction'";
    params.push_back(plan.notesMatch);
    q += accountsOf(f, "e.account_id", params);
    q += std::string(" AND e.notes") + kLike + " AND NOT (e.name" + kLike +
         " OR (e.merchant_id IS NOT NULL AND e.merchant_id IN " + familyMerchants() + "))";
    appendValues(params, bindValues(pattern, pattern, f.familyId, pattern));
    return q;
}

// A size that only bounds the probes of rareQuery(), kept as long as the probes' counts (any
// value gives the same answers): `sql` counts it.
int64_t probeBound(Database& db, Tx& s, const std::string& key, const std::string& sql,
                   const std::vector<SqlValue>& params) {
    const std::string at = std::to_string(reinterpret_cast<uintptr_t>(&db)) + "\x1f" + key;
    std::optional<int64_t> n = probeCounts().find(at);
    if (!n) {
        n = db.statements().count(s, sql, params);
        probeCounts().store(at, *n);
    }
    return std::clamp<int64_t>(*n / 10, 1000, kMaxSearchCandidates);
}

std::optional<std::string> namesQuery(Database& db, Tx& s, const std::string& text) {
    int64_t rows = 0;
    return rareQuery(
        db, s, "entry_names_search", text,
        probeBound(db, s, "names", "SELECT COALESCE(MAX(rowid), 0) FROM entry_names", {}), rows);
}

} // namespace

SearchPlan planSearch(Database& db, Tx& s, const TransactionFilter& f) {
    SearchPlan plan;
    if (!f.search) return plan;
    counters::searchPlan();
    if (!usesTrigrams(*f.search)) return plan;
    if (db.isPostgres()) return planSearchPg(db, s, f);
    std::vector<SqlValue> params;
    const std::string total = countedSum(
        "entry_counts", "entryable_type", std::string("Transaction"),
        {f.familyId, "a.status <> 'pending_deletion'", std::nullopt, std::nullopt}, params);
    const int64_t cap = probeBound(db, s, "listed\x1f" + f.familyId, total, params);
    int64_t notes = 0;
    auto notesMatch = rareQuery(db, s, "entries_notes_search", *f.search, cap, notes);
    // Notes that hold the text everywhere: no index narrows it (the rows are checked instead).
    if (!notesMatch) return plan;
    plan.indexed = true;
    plan.notesMatch = *notesMatch;
    plan.candidates = notes;
    params.clear();
    const std::string pairs =
        matchingPairs(f, namesQuery(db, s, *f.search),
                      "d.rowid, d.account_id, d.name, d.merchant_id, d.n", params);
    params.push_back(static_cast<int64_t>(SearchPlan::kMaxStreams + 1));
    db.statements().query(s, pairs + " LIMIT ?", params, [&](const NativeRow& r) {
        plan.streams.push_back({r.i64(0), r.str(1), r.str(2), r.str(3), r.i64(4), ""});
        plan.candidates += r.i64(4);
    });
    if (plan.streams.size() > SearchPlan::kMaxStreams) {
        plan.tooManyStreams = true;
        plan.streams.clear();
    }
    return plan;
}

int64_t countIndexed(Database& db, Tx& s, const TransactionFilter& f, const SearchPlan& plan) {
    if (db.isPostgres()) return countIndexedPg(db, s, f, plan);
    std::vector<SqlValue> params;
    const std::string pairs =
        matchingPairs(f, namesQuery(db, s, *f.search), "d.rowid, d.n", params);
    const std::string notes = notesOnly(f, plan, params);
    return db.statements().count(s,
                                 "SELECT (SELECT COALESCE(SUM(n), 0) FROM (" + pairs +
                                     ")) + (SELECT COUNT(*) " + notes + ")",
                                 params);
}

std::string mergedMatches(const TransactionFilter& f, bool pg, const SearchPlan& plan,
                          const std::optional<PageAnchors::Anchor>& anchor, int64_t depth,
                          std::vector<SqlValue>& params) {
    if (pg) return mergedMatchesPg(f, plan, anchor, depth, params);
    // The page anchor's seek (docs/decisions.md D215), once as a row value and once with the
    // date alone first: entries_name_pair holds the date, so only the rows of the anchor's own
    // date are read for their created_at and id.
    std::string seek, byDate;
    std::vector<SqlValue> seekParams, byDateParams;
    if (anchor) {
        seek = " AND (e.date, e.created_at, e.id) <= (?, ?, ?)";
        seekParams = anchor->key;
        byDate = " AND (e.date < ? OR (e.date = ? AND (e.created_at, e.id) <= (?, ?)))";
        byDateParams = {anchor->key[0], anchor->key[0], anchor->key[1], anchor->key[2]};
    }
    // The date of the page's last row (`depth` rows in), from the index alone: each matching
    // pair's dates merged (docs/decisions.md D251), and the notes' matches.
    std::string cut = "SELECT d FROM (";
    std::vector<SqlValue> cutParams;
    std::string pairs = "[";
    for (const auto& stream : plan.streams) {
        cut += "SELECT e.date AS d FROM entries e WHERE e.name_pair = ?" + byDate + " UNION ALL ";
        cutParams.emplace_back(stream.rowid);
        appendValues(cutParams, byDateParams);
        pairs += (pairs.size() > 1 ? "," : "") + std::to_string(stream.rowid);
    }
    cut += "SELECT e.date AS d " + notesOnly(f, plan, cutParams) + seek;
    appendValues(cutParams, seekParams);
    cut += " ORDER BY 1 DESC) LIMIT 1 OFFSET ?";
    cutParams.emplace_back(std::max<int64_t>(depth - 1, 0));
    // The rows on or after that date (the page and the ties of its last date), sorted.
    std::string q = "SELECT e.date, e.created_at, e.id FROM entries e WHERE e.name_pair IN "
                    "(SELECT value FROM json_each(?)) AND e.date >= COALESCE((" +
                    cut + "), '')" + seek;
    params.emplace_back(pairs + "]");
    appendValues(params, cutParams);
    appendValues(params, seekParams);
    q += " UNION ALL SELECT e.date, e.created_at, e.id " + notesOnly(f, plan, params) + seek;
    appendValues(params, seekParams);
    return q + " ORDER BY 1 DESC, 2 DESC, 3 DESC";
}

void appendSearch(std::string& w, const TransactionFilter& f, bool pg, const SearchPlan& plan,
                  bool walk, std::vector<SqlValue>& params) {
    if (pg) return appendSearchPg(w, f, plan, params);
    // LIKE folds ASCII letters only: A-Z case-insensitively, every other character exactly. It
    // decides; the indexes (schema v21) only narrow the rows it looks at.
    const std::string pattern = likePattern(*f.search);
    const std::string merchants = familyMerchants();
    const std::string like = kLike;
    if (plan.indexed && !plan.tooManyStreams) {
        // The candidates: the entries of the matching dictionary pairs (their index) and the
        // notes index's matches (it folds more than ASCII letters: a superset), one list of
        // rowids the query starts from, or with `walk` only checks the rows of the listing's
        // order index against (`+` keeps SQLite from looking the rowids up: the order index
        // drives). LIKE keeps the exact matches.
        std::string ids = "[";
        for (const auto& stream : plan.streams)
            ids += (ids.size() > 1 ? "," : "") + std::to_string(stream.rowid);
        w += std::string(walk ? " AND +e.rowid" : " AND e.rowid") +
             " IN (SELECT x.rowid FROM entries x WHERE x.name_pair IN (SELECT value FROM "
             "json_each(?)) UNION ALL SELECT rowid FROM entries_notes_search WHERE "
             "entries_notes_search MATCH ?) AND (e.name" +
             like + " OR e.notes" + like + " OR e.merchant_id IN " + merchants + ")";
        appendValues(params,
                     bindValues(ids + "]", plan.notesMatch, pattern, pattern, f.familyId, pattern));
    } else {
        // Shorter than a trigram, or in much of the ledger: the rows are checked in the
        // listing's order (docs/decisions.md D146, D241).
        w += " AND (e.name" + like + " OR e.notes" + like + " OR e.merchant_id IN " + merchants +
             ")";
        appendValues(params, bindValues(pattern, pattern, f.familyId, pattern));
    }
}

} // namespace finimport::store
