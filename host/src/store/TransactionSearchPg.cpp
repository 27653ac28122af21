#include "store/TransactionSearchPg.h"

#include "store/Columns.h"
#include "store/Database.h"
#include "store/StatementCache.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace finimport::store {

namespace {

// ILIKE under the byte collation (schema v11) folds A-Z only, as docs/read-api.md §3.2 says.
const char* kIlike = " ILIKE ? ESCAPE '\\'";

// The ids of the family's merchants whose name contains the text, as an array: = ANY of it is
// indexable (entries_merchant, entry_names_merchant).
std::string familyMerchants(const TransactionFilter& f, std::vector<SqlValue>& params) {
    appendValues(params, bindValues(f.familyId, likePattern(*f.search)));
    return std::string("ARRAY(SELECT sm.id FROM merchants sm WHERE sm.family_id = ? AND sm.name") +
           kIlike + ")";
}

// The filter's accounts `a`, joined on `column`.
std::string accountsOf(const TransactionFilter& f, const std::string& column,
                       std::vector<SqlValue>& params) {
    std::string w =
        " AND a.id = " + column + " AND a.family_id = ? AND a.status <> 'pending_deletion'";
    params.push_back(f.familyId);
    andIf(w, params, column + " = ?", f.accountId);
    if (f.accountIds) andIn(w, params, column, *f.accountIds);
    return w;
}

// FROM and WHERE of the dictionary's pairs `d` that match, on the filter's accounts.
std::string matchingPairs(const TransactionFilter& f, std::vector<SqlValue>& params) {
    std::string q = std::string("FROM entry_names d CROSS JOIN accounts a WHERE (d.name") + kIlike +
                    " OR (d.merchant_id <> '' AND d.merchant_id = ANY (";
    params.push_back(likePattern(*f.search));
    q += familyMerchants(f, params) + ")))";
    return q + accountsOf(f, "d.account_id", params);
}

// FROM and WHERE of the entries found by their notes alone (not by their name or merchant:
// those are the dictionary's), on the filter's accounts. entries_notes_trgm serves the ILIKE.
std::string notesOnly(const TransactionFilter& f, std::vector<SqlValue>& params) {
    const std::string pattern = likePattern(*f.search);
    std::string q = std::string("FROM entries e CROSS JOIN accounts a WHERE e.entryable_type = "
                                "'Transaction' AND e.notes") +
                    kIlike;
    params.push_back(pattern);
    q += accountsOf(f, "e.account_id", params);
    q += std::string(" AND NOT (e.name") + kIlike +
         " OR (e.merchant_id IS NOT NULL AND e.merchant_id = ANY (";
    params.push_back(pattern);
    return q + familyMerchants(f, params) + ")))";
}

// The pairs' hashes as one array parameter.
std::string pairsArray(const std::vector<SearchStream>& streams) {
    std::vector<std::string> hashes;
    for (const auto& stream : streams)
        hashes.push_back(std::to_string(stream.rowid));
    return pgArray(hashes);
}

} // namespace

SearchPlan planSearchPg(Database& db, Tx& s, const TransactionFilter& f) {
    SearchPlan plan;
    plan.indexed = true;
    std::vector<SqlValue> params;
    const std::string q =
        "SELECT d.name_pair, d.account_id, d.name, d.merchant_id, d.n " + matchingPairs(f, params);
    const int64_t bound = SearchPlan::kMaxStreams + 1;
    params.emplace_back(bound);
    db.statements().query(s, q + " LIMIT ?", params, [&](const NativeRow& r) {
        plan.streams.push_back({r.i64(0), r.str(1), r.str(2), r.str(3), r.i64(4), ""});
        plan.candidates += r.i64(4);
    });
    if (plan.streams.size() > SearchPlan::kMaxStreams) {
        plan.tooManyStreams = true;
        plan.streams.clear();
        return plan;
    }
    params.clear();
    const std::string notes = notesOnly(f, params);
    plan.notesOnly = db.statements().count(s, "SELECT COUNT(*) " + notes, params);
    // Each pair's latest date, from entries_name_pair alone: a first page's cut, and the pairs
    // it reads, without reading the index again on every request (docs/decisions.md D281).
    if (!plan.streams.empty()) {
        std::unordered_map<int64_t, std::string> latest;
        db.statements().query(s,
                              "SELECT k.pair, l.d FROM unnest(CAST(? AS BIGINT[])) AS k (pair) "
                              "CROSS JOIN LATERAL (SELECT e.date AS d FROM entries e WHERE "
                              "e.name_pair = k.pair ORDER BY e.date DESC LIMIT 1) l",
                              bindValues(pairsArray(plan.streams)),
                              [&](const NativeRow& r) { latest[r.i64(0)] = r.str(1); });
        for (auto& stream : plan.streams)
            if (auto found = latest.find(stream.rowid); found != latest.end())
                stream.latestDate = found->second;
    }
    return plan;
}

int64_t countIndexedPg(Database& db, Tx& s, const TransactionFilter& f, const SearchPlan& plan) {
    // The pairs' counts and the notes' matches: those the plan read, else counted here.
    if (!plan.tooManyStreams) return plan.candidates + plan.notesOnly;
    std::vector<SqlValue> params;
    const std::string pairs = matchingPairs(f, params);
    const std::string notes = notesOnly(f, params);
    return db.statements().count(s,
                                 "SELECT (SELECT COALESCE(SUM(d.n), 0) " + pairs +
                                     ")::BIGINT + (SELECT COUNT(*) " + notes + ")",
                                 params);
}

std::string mergedMatchesPg(const TransactionFilter& f, const SearchPlan& plan,
                            const std::optional<PageAnchors::Anchor>& anchor, int64_t depth,
                            std::vector<SqlValue>& params) {
    const std::string pairs = pairsArray(plan.streams); // bound by each step below
    // The page anchor's seek (docs/decisions.md D215) on the rows read.
    std::string seek;
    std::vector<SqlValue> seekParams;
    if (anchor) {
        // The date alone too: entries_name_pair bounds its ranges by it (not by a row value).
        seek = " AND e.date <= ? AND (e.date, e.created_at, e.id) <= (?, ?, ?)";
        seekParams.push_back(anchor->key[0]);
        appendValues(seekParams, anchor->key);
    }
    // The date of the page's last row: the `depth`-th of the matches dated before the anchor's
    // date, each pair's dates read backwards from entries_name_pair alone (an index-only scan),
    // with the notes' matches. The rows of the anchor's own date are all read below, so they
    // need not be counted here: only created_at and id (not in that index) would place them.
    std::string before;
    std::vector<SqlValue> beforeParams;
    if (anchor) {
        before = " AND e.date < ?";
        beforeParams.push_back(anchor->key[0]);
    }
    // The `depth`-th date of the first `perPair` dates of each pair and of the notes' matches.
    // They are some of the matches, so at least `depth` matches are on or after it: any such
    // date is a cut that loses no row of the page (docs/decisions.md D281).
    std::vector<SqlValue> cutParams;
    auto cutOf = [&](int64_t perPair) {
        std::string sql =
            "SELECT c.d FROM (SELECT p.d FROM unnest(CAST(? AS BIGINT[])) AS k (pair) CROSS JOIN "
            "LATERAL (SELECT e.date AS d FROM entries e WHERE e.name_pair = k.pair" +
            before + " ORDER BY e.date DESC LIMIT ?) p";
        cutParams.emplace_back(pairs);
        appendValues(cutParams, beforeParams);
        cutParams.emplace_back(perPair);
        if (plan.notesOnly > 0) {
            sql += " UNION ALL (SELECT e.date " + notesOnly(f, cutParams) + before +
                   " ORDER BY e.date DESC LIMIT ?)";
            appendValues(cutParams, beforeParams);
            cutParams.emplace_back(perPair);
        }
        sql += ") c ORDER BY 1 DESC LIMIT 1 OFFSET ?";
        cutParams.emplace_back(std::max<int64_t>(depth - 1, 0));
        return "(" + sql + ")";
    };
    // A first page whose pairs outnumber its rows (no notes' matches): the cut is the
    // `depth`-th of the pairs' latest dates, known from the plan, and only the pairs whose latest
    // date reaches it have rows on or after it: the page reads those alone.
    std::string cut, readPairs = pairs;
    std::vector<std::string> latest;
    for (const auto& stream : plan.streams)
        if (!stream.latestDate.empty()) latest.push_back(stream.latestDate);
    if (!anchor && plan.notesOnly == 0 && static_cast<int64_t>(latest.size()) >= depth &&
        depth > 0) {
        std::nth_element(latest.begin(), latest.begin() + (depth - 1), latest.end(),
                         std::greater<>());
        const std::string date = latest[static_cast<size_t>(depth - 1)];
        cut = "?";
        cutParams.emplace_back(date);
        std::vector<SearchStream> reaching;
        for (const auto& stream : plan.streams)
            if (stream.latestDate >= date) reaching.push_back(stream);
        readPairs = pairsArray(reaching);
    }
    // Else first from each pair's first dates only (a page of 26 rows among 100 pairs: one date
    // each, not 26); with fewer dates than `depth` there (pairs shorter than that), from `depth`
    // dates each, evaluated only then. The first cut is the page's last date or earlier: the second
    // step reads a few more rows, never fewer.
    if (cut.empty()) {
        const auto parts = static_cast<int64_t>(plan.streams.size()) + 1; // and the notes'
        const int64_t sampled = (depth + parts - 1) / parts;
        // In turn: each call appends its parameters.
        cut = "COALESCE(";
        if (sampled < depth) cut += cutOf(sampled) + ", ";
        cut += cutOf(depth) + ", '')";
    }
    // The rows on or after that date (the page and the other rows of that date), sorted: one
    // index range per pair. A LATERAL per pair, not `name_pair = ANY (...)`, whose planning
    // estimated each of the array's values in turn (0.6 ms of a page's 0.9 ms of planning at
    // 10M entries, bench/RESULTS.md).
    std::string q = "SELECT r.date, r.created_at, r.id FROM unnest(CAST(? AS BIGINT[])) AS k "
                    "(pair) CROSS JOIN LATERAL (SELECT e.date, e.created_at, e.id FROM entries e "
                    "WHERE e.name_pair = k.pair AND e.date >= " +
                    cut + seek + ") r";
    params.emplace_back(readPairs);
    appendValues(params, cutParams);
    appendValues(params, seekParams);
    if (plan.notesOnly > 0) {
        q += " UNION ALL SELECT e.date, e.created_at, e.id " + notesOnly(f, params) + seek;
        appendValues(params, seekParams);
    }
    return q + " ORDER BY 1 DESC, 2 DESC, 3 DESC";
}

void appendSearchPg(std::string& w, const TransactionFilter& f, const SearchPlan& plan,
                    std::vector<SqlValue>& params) {
    const std::string pattern = likePattern(*f.search);
    if (plan.indexed && !plan.tooManyStreams) {
        // A row matches by its name or its merchant's name exactly when its pair is one of the
        // plan's (read on the same accounts), else by its notes.
        w += " AND (e.name_pair = ANY (CAST(? AS BIGINT[])) OR e.notes" + std::string(kIlike) + ")";
        appendValues(params, bindValues(pairsArray(plan.streams), pattern));
        return;
    }
    // Shorter than a trigram, or in more pairs than a plan keeps: checked on the rows.
    w +=
        " AND (e.name" + std::string(kIlike) + " OR e.notes" + kIlike + " OR e.merchant_id = ANY (";
    appendValues(params, bindValues(pattern, pattern));
    w += familyMerchants(f, params) + "))";
}

} // namespace finimport::store
