#include "store/TransactionSearch.h"

#include "store/Columns.h"
#include "store/Database.h"
#include "store/ListCounts.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <unordered_map>

namespace finimport::store {

namespace {

void append(std::vector<SqlValue>& params, const std::vector<SqlValue>& more) {
    params.insert(params.end(), more.begin(), more.end());
}

// `%`, `_` and the escape character itself are plain characters (docs/read-api.md §3.2).
std::string likePattern(const std::string& text) {
    std::string out = "%";
    for (char ch : text) {
        if (ch == '%' || ch == '_' || ch == '\\') out += '\\';
        out += ch;
    }
    return out + "%";
}

// Bounds of the work a search does to choose its way (planSearch()).
constexpr int64_t kMaxSearchCandidates = 50000;
constexpr size_t kProbedTrigrams = 12;

// Text the trigram index can serve: at least 3 characters (a trigram), no NUL.
bool usesTrigrams(const std::string& text) {
    size_t characters = 0;
    for (unsigned char c : text) {
        if (c == 0) return false;
        characters += (c & 0xC0) != 0x80;
    }
    return characters >= 3;
}

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

SearchPlan planSearch(Database& db, Tx& s, const TransactionFilter& f) {
    SearchPlan plan;
    if (!f.search || db.isPostgres() || !usesTrigrams(*f.search)) return plan;
    std::vector<SqlValue> params;
    const std::string total = countedSum(
        "entry_counts", "entryable_type", std::string("Transaction"),
        {f.familyId, "a.status <> 'pending_deletion'", std::nullopt, std::nullopt}, params);
    const int64_t cap = std::clamp<int64_t>(db.statements().count(s, total, params) / 10, 1000,
                                            kMaxSearchCandidates);
    // The text's characters (UTF-8 sequences), then its distinct trigrams, at most
    // kProbedTrigrams of them spread over the text.
    std::vector<std::string> chars;
    for (size_t i = 0; i < f.search->size();) {
        size_t n = 1;
        while (i + n < f.search->size() &&
               (static_cast<unsigned char>((*f.search)[i + n]) & 0xC0) == 0x80)
            ++n;
        chars.push_back(f.search->substr(i, n));
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
    const std::string prefix =
        std::to_string(reinterpret_cast<uintptr_t>(&db)) + "\x1f" + std::to_string(cap) + "\x1f";
    for (const auto& t : trigrams) {
        std::optional<int64_t> n = probeCounts().find(prefix + t);
        if (!n) {
            n = db.statements().count(
                s,
                "SELECT COUNT(*) FROM (SELECT 1 FROM entries_search WHERE entries_search MATCH ? "
                "LIMIT ?) c",
                bindValues(ftsPhrase(t), cap + 1));
            probeCounts().store(prefix + t, *n);
        }
        if (*n <= cap) rare.emplace_back(*n, t);
    }
    if (rare.empty()) return plan;
    std::sort(rare.begin(), rare.end());
    plan.candidates = rare.front().first;
    std::string match;
    for (size_t i = 0; i < rare.size() && i < 4; ++i)
        match += (i ? " AND " : "") + ftsPhrase(rare[i].second);
    plan.match = match;
    return plan;
}

void appendSearch(std::string& w, const TransactionFilter& f, bool pg, const SearchPlan& plan,
                  bool walk, std::vector<SqlValue>& params) {
    // SQLite's LIKE and PostgreSQL's ILIKE under the byte collation (schema v11) both fold
    // ASCII letters only: A-Z case-insensitively, every other character exactly. They
    // decide; the trigram indexes of schema v18 only narrow the rows they look at.
    const std::string like = pg ? " ILIKE ? ESCAPE '\\'" : " LIKE ? ESCAPE '\\'";
    const std::string pattern = likePattern(*f.search);
    const std::string merchants = "(SELECT sm.id FROM merchants sm WHERE sm.family_id = ? "
                                  "AND sm.name" +
                                  like + ")";
    if (pg) {
        // pg_trgm's GIN indexes serve each arm (docs/decisions.md D146); = ANY of the
        // merchants' ids keeps the third arm indexable too (entries_merchant).
        w += " AND (e.name" + like + " OR e.notes" + like + " OR e.merchant_id = ANY (ARRAY" +
             merchants + "))";
        append(params, bindValues(pattern, pattern, f.familyId, pattern));
    } else if (plan.match) {
        // The candidates: the FTS5 trigram index's (it folds more than ASCII letters: a
        // superset) and the entries of the matching merchants, one list of rowids the query
        // starts from (entries first: the join order of the caller), or with `walk` only
        // checks the rows of the listing's order index against (`+` keeps SQLite from
        // looking the rowids up: the order index drives). LIKE keeps the exact matches.
        w += std::string(walk ? " AND +e.rowid" : " AND e.rowid") +
             " IN (SELECT rowid FROM entries_search WHERE entries_search MATCH ? "
             "UNION ALL SELECT rowid FROM entries WHERE merchant_id IN " +
             merchants + ") AND (e.name" + like + " OR e.notes" + like + " OR e.merchant_id IN " +
             merchants + ")";
        append(params,
               bindValues(*plan.match, f.familyId, pattern, pattern, pattern, f.familyId, pattern));
    } else {
        // Shorter than a trigram: no index can narrow it (docs/decisions.md D146).
        w += " AND (e.name" + like + " OR e.notes" + like + " OR e.merchant_id IN " + merchants +
             ")";
        append(params, bindValues(pattern, pattern, f.familyId, pattern));
    }
}

} // namespace finimport::store
