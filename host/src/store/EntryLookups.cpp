#include "store/EntryLookups.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/StatementCache.h"
#include "store/StoreCounters.h"
#include "store/TxSession.h"

#include <algorithm>

namespace finimport::store {

std::string otherEntriesIndex(Tx& s) {
    // SQLite, without statistics, prefers the account's whole index (covering) to the partial
    // one of its few other entries: it read every transaction since the date. PostgreSQL
    // chooses by its statistics.
    return sqlIsPostgres(s) ? "" : "INDEXED BY entries_account_other ";
}

std::optional<std::string> earliestEntryDate(Tx& s, const std::string& accountId) {
    auto r = sqlQueryOne(s, "SELECT MIN(date) FROM entries WHERE account_id = ?", {accountId});
    if (!r || r->isNull(0)) return std::nullopt;
    return r->str(0);
}

std::optional<std::string> latestEntryDate(Tx& s, const std::string& accountId) {
    auto r = sqlQueryOne(s, "SELECT MAX(date) FROM entries WHERE account_id = ?", {accountId});
    if (!r || r->isNull(0)) return std::nullopt;
    return r->str(0);
}

std::optional<std::string> latestEntryDateBefore(Tx& s, const std::string& accountId,
                                                 const std::string& date,
                                                 const std::string& exceptImportId) {
    auto r = sqlQueryOne(s,
                         "SELECT MAX(date) FROM entries WHERE account_id = ? AND date < ? AND "
                         "(import_id IS NULL OR import_id <> ?)",
                         {accountId, date, exceptImportId});
    if (!r || r->isNull(0)) return std::nullopt;
    return r->str(0);
}

std::optional<std::vector<DaySums>> plainImportDaySums(Tx& s, const std::string& importId,
                                                       const std::string& accountId) {
    // Split children by the partial index of split children (`|| ''`: not the account's index).
    if (sqlQueryOne(s,
                    "SELECT 1 FROM entries WHERE parent_entry_id IS NOT NULL AND "
                    "account_id || '' = ? LIMIT 1",
                    {accountId}))
        return std::nullopt;
    std::vector<DaySums> out;
    bool plain = true;
    // One read of the import's entries: the sums a day and whether any is not a plain
    // transaction. `|| ''` keeps SQLite's planner on the import's index: on the account's it
    // read every entry of the account.
    nativeQuery(s,
                "SELECT date, SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END), SUM(CASE WHEN "
                "amount < 0 THEN 0 ELSE amount END), SUM(CASE WHEN entryable_type <> "
                "'Transaction' OR parent_entry_id IS NOT NULL THEN 1 ELSE 0 END) FROM entries "
                "WHERE import_id = ? AND account_id || '' = ? GROUP BY date ORDER BY date",
                {importId, accountId}, [&](const NativeRow& r) {
                    if (r.i64(3) != 0) plain = false;
                    if (plain) out.push_back({r.str(0), r.i64(1), r.i64(2)});
                });
    if (!plain) return std::nullopt;
    return out;
}

bool hasOtherEntriesFrom(Tx& s, const std::string& accountId, const std::string& fromDate) {
    return sqlQueryOne(s,
                       std::string("SELECT 1 FROM entries ") + otherEntriesIndex(s) +
                           "WHERE account_id = ? AND entryable_type <> 'Transaction' AND date >= "
                           "? LIMIT 1",
                       {accountId, fromDate})
        .has_value();
}

bool accountHasEntries(Tx& s, const std::string& accountId) {
    return sqlQueryOne(s, "SELECT 1 FROM entries WHERE account_id = ? LIMIT 1", {accountId})
        .has_value();
}

std::vector<std::pair<std::string, std::optional<std::string>>>
tradeDuplicateCandidates(Tx& s, const TradeKey& k) {
    std::vector<std::pair<std::string, std::optional<std::string>>> out;
    // An index probe per row (entries by account and date), read natively: not through
    // Poco's RecordSet (docs/decisions.md D80).
    nativeQuery(s,
                "SELECT e.id, e.external_id FROM entries e JOIN trades t ON t.entry_id = e.id "
                "JOIN securities sec ON sec.id = t.security_id WHERE e.account_id = ? AND "
                "e.date = ? AND (sec.ticker = ? OR (? <> '' AND sec.security_key = ?)) AND "
                "(? = '' OR sec.exchange_operating_mic = ?) AND t.qty = ? AND t.price = ? AND "
                "t.currency = ? ORDER BY e.created_at, e.id",
                {k.accountId, k.date, k.ticker, k.securityKey, k.securityKey, k.mic, k.mic, k.qty,
                 k.price, k.currency},
                [&](const NativeRow& r) { out.emplace_back(r.str(0), r.optStr(1)); });
    return out;
}

std::string transactionCandidatesQuery(bool postgres, bool excludeImport) {
    std::string sql;
    if (postgres) {
        // The keys as two array parameters (store::pgArray): parsed and planned in a fraction of
        // what 800 placeholders of a VALUES list cost. Each key is one probe of
        // entries_account_key, whatever the statistics say: a publish's rows are not in them
        // until the next ANALYZE, and an account that looks empty made the planner flatten the
        // LATERAL into a hash join over all of the account's entries per statement
        // (docs/decisions.md D270). OFFSET 0 keeps the subquery a probe per key; `|| ''` keeps
        // it off the partial (account_id, date) index of transactions, where a day of a busy
        // account is hundreds of entries.
        sql = "SELECT e.id, e.date, e.amount, e.currency, e.name, e.external_id FROM "
              "unnest(CAST(? AS TEXT[]), CAST(? AS BIGINT[])) AS k (d, a), LATERAL (SELECT * "
              "FROM entries x WHERE x.account_id = ? AND x.date = k.d AND x.amount = k.a AND "
              "x.entryable_type || '' = 'Transaction'";
        if (excludeImport) sql += " AND COALESCE(x.import_id, '') <> ?";
        return sql + " OFFSET 0) e ORDER BY e.created_at, e.id";
    }
    // The keys as a table the index is probed with, key by key (CROSS JOIN keeps SQLite's
    // planner on that order). SQLite prepares every probe anew (nativeQuery caches nothing):
    // the keys go in one JSON parameter, so the statement's text is a few hundred bytes
    // whatever the number of keys, not 400 pairs of placeholders to parse (docs/decisions.md
    // D126).
    sql = "WITH k (d, a) AS (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') "
          "FROM json_each(?)) SELECT e.id, e.date, e.amount, e.currency, e.name, e.external_id "
          "FROM k CROSS JOIN entries e WHERE e.account_id = ? AND e.date = k.d AND e.amount = "
          "k.a AND e.entryable_type = 'Transaction'";
    if (excludeImport) sql += " AND COALESCE(e.import_id, '') <> ?";
    return sql + " ORDER BY e.created_at, e.id";
}

void transactionCandidates(Tx& s, const std::string& accountId,
                           const std::vector<DateAmount>& unsorted,
                           const std::function<void(TransactionCandidate&&)>& onRow,
                           const std::string& excludeImportId) {
    // In index order: each statement probes one stretch of the index, page after page, instead
    // of pages all over it (a file in no date order). Each key's matches come out oldest
    // created first.
    std::vector<DateAmount> keys = unsorted;
    counters::keysProbed(keys.size());
    std::sort(keys.begin(), keys.end(), [](const DateAmount& a, const DateAmount& b) {
        return a.date != b.date ? a.date < b.date : a.amount < b.amount;
    });
    const bool pg = sqlIsPostgres(s);
    for (std::size_t at = 0; at < keys.size(); at += kKeysPerStatement) {
        const std::size_t n = std::min(kKeysPerStatement, keys.size() - at);
        std::vector<SqlValue> params;
        if (pg) {
            std::vector<std::string> dates, amounts;
            dates.reserve(n);
            amounts.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                dates.push_back(keys[at + i].date);
                amounts.push_back(std::to_string(keys[at + i].amount));
            }
            params.emplace_back(pgArray(dates));
            params.emplace_back(pgArray(amounts));
        } else {
            std::string json = "[";
            json.reserve(n * 28 + 2);
            for (std::size_t i = 0; i < n; ++i) {
                if (i) json += ',';
                json += "[\"";
                json += keys[at + i].date; // ISO digits and dashes: nothing to escape
                json += "\",";
                json += std::to_string(keys[at + i].amount);
                json += ']';
            }
            json += ']';
            params.reserve(3);
            params.emplace_back(std::move(json));
        }
        params.emplace_back(accountId);
        if (!excludeImportId.empty()) params.emplace_back(excludeImportId);
        nativeQuery(s, transactionCandidatesQuery(pg, !excludeImportId.empty()), params,
                    [&](const NativeRow& r) {
                        onRow(TransactionCandidate{r.str(0), r.str(1), r.str(3), r.str(4), r.i64(2),
                                                   r.optStr(5)});
                    });
    }
}

std::string externalIdHoldersQuery(bool postgres, std::size_t ids) {
    if (postgres)
        // The ids as one array parameter (store::pgArray), each one probe of
        // entries_external_id whatever the statistics say (docs/decisions.md D270, as
        // transactionCandidatesQuery).
        return "SELECT e.id, e.entryable_type, e.external_id FROM unnest(CAST(? AS TEXT[])) AS "
               "k (x), LATERAL (SELECT id, entryable_type, external_id, created_at FROM entries "
               "WHERE account_id = ? AND external_id = k.x AND external_id IS NOT NULL AND "
               "COALESCE(import_id, '') <> ? OFFSET 0) e ORDER BY e.created_at, e.id";
    return "SELECT id, entryable_type, external_id FROM entries WHERE external_id IN (" +
           sqlMarks(ids) +
           ") AND account_id = ? AND COALESCE(import_id, '') <> ? ORDER BY created_at, id";
}

void externalIdHolders(Tx& s, const std::string& accountId,
                       const std::vector<std::string>& externalIds,
                       const std::string& excludeImportId,
                       const std::function<void(ExternalIdHolder&&)>& onRow) {
    counters::keysProbed(externalIds.size());
    const bool pg = sqlIsPostgres(s);
    for (std::size_t at = 0; at < externalIds.size(); at += kKeysPerStatement) {
        const std::size_t n = std::min(kKeysPerStatement, externalIds.size() - at);
        const auto first = externalIds.begin() + static_cast<std::ptrdiff_t>(at);
        std::vector<SqlValue> params;
        if (pg)
            params.emplace_back(pgArray({first, first + static_cast<std::ptrdiff_t>(n)}));
        else
            params.assign(first, first + static_cast<std::ptrdiff_t>(n));
        params.emplace_back(accountId);
        params.emplace_back(excludeImportId);
        nativeQuery(s, externalIdHoldersQuery(pg, n), params, [&](const NativeRow& r) {
            onRow(ExternalIdHolder{r.str(0), r.str(1), r.str(2)});
        });
    }
}

} // namespace finimport::store
