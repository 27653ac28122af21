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

std::vector<DaySums> importDaySums(Tx& s, const std::string& importId,
                                   const std::string& accountId) {
    std::vector<DaySums> out;
    nativeQuery(s,
                // `|| ''` keeps SQLite's planner on the import's index: on the account's it read
                // every entry of the account.
                "SELECT date, SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END), SUM(CASE WHEN "
                "amount < 0 THEN 0 ELSE amount END) FROM entries WHERE import_id = ? AND "
                "account_id || '' = ? AND entryable_type = 'Transaction' GROUP BY date ORDER BY "
                "date",
                {importId, accountId}, [&](const NativeRow& r) {
                    out.push_back({r.str(0), r.i64(1), r.i64(2)});
                });
    return out;
}

bool importIsPlainOn(Tx& s, const std::string& importId, const std::string& accountId) {
    if (sqlQueryOne(s,
                    "SELECT 1 FROM entries WHERE import_id = ? AND account_id || '' = ? AND "
                    "(entryable_type <> 'Transaction' OR parent_entry_id IS NOT NULL) LIMIT 1",
                    {importId, accountId}))
        return false;
    // Split children by the partial index of split children (`|| ''`: not the account's index).
    return !sqlQueryOne(s,
                        "SELECT 1 FROM entries WHERE parent_entry_id IS NOT NULL AND "
                        "account_id || '' = ? LIMIT 1",
                        {accountId});
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

void transactionCandidates(Tx& s, const std::string& accountId,
                           const std::vector<DateAmount>& unsorted,
                           const std::function<void(TransactionCandidate&&)>& onRow,
                           const std::string& excludeImportId) {
    // In index order: each statement probes one stretch of the index, page after page, instead
    // of pages all over it (a file in no date order).
    std::vector<DateAmount> keys = unsorted;
    counters::keysProbed(keys.size());
    std::sort(keys.begin(), keys.end(), [](const DateAmount& a, const DateAmount& b) {
        return a.date != b.date ? a.date < b.date : a.amount < b.amount;
    });
    for (std::size_t at = 0; at < keys.size(); at += kKeysPerStatement) {
        const std::size_t n = std::min(kKeysPerStatement, keys.size() - at);
        // The keys as a table the index is probed with, key by key (CROSS JOIN keeps SQLite's
        // planner on that order; PostgreSQL finds it itself). Each key's matches come out
        // oldest created first.
        const bool pg = sqlIsPostgres(s);
        std::string sql;
        std::vector<SqlValue> params;
        if (pg) {
            sql = "WITH k (d, a) AS (VALUES ";
            params.reserve(2 * n + 2);
            for (std::size_t i = 0; i < n; ++i) {
                sql += i ? ", (CAST(? AS TEXT), CAST(? AS BIGINT))"
                         : "(CAST(? AS TEXT), CAST(? AS BIGINT))";
                params.emplace_back(keys[at + i].date);
                params.emplace_back(keys[at + i].amount);
            }
            // LATERAL makes each key one index probe whatever the statistics say (a hash join
            // over the whole table is what a plan flip would cost).
            sql += ") SELECT e.id, e.date, e.amount, e.currency, e.name, e.external_id FROM k, "
                   "LATERAL (SELECT * FROM entries x WHERE x.account_id = ? AND x.date = k.d "
                   "AND x.amount = k.a AND x.entryable_type = 'Transaction'";
        } else {
            // SQLite prepares every probe anew (nativeQuery caches nothing): the keys go in one
            // JSON parameter, so the statement's text is a few hundred bytes whatever the number
            // of keys, not 400 pairs of placeholders to parse (docs/decisions.md D126).
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
            sql = "WITH k (d, a) AS (SELECT json_extract(value, '$[0]'), json_extract(value, "
                  "'$[1]') FROM json_each(?)) SELECT e.id, e.date, e.amount, e.currency, e.name, "
                  "e.external_id FROM k CROSS JOIN entries e WHERE e.account_id = ? AND e.date = "
                  "k.d AND e.amount = k.a AND e.entryable_type = 'Transaction'";
            params.reserve(3);
            params.emplace_back(std::move(json));
        }
        params.emplace_back(accountId);
        if (!excludeImportId.empty()) {
            sql +=
                pg ? " AND COALESCE(x.import_id, '') <> ?" : " AND COALESCE(e.import_id, '') <> ?";
            params.emplace_back(excludeImportId);
        }
        sql += pg ? ") e ORDER BY e.created_at, e.id" : " ORDER BY e.created_at, e.id";
        nativeQuery(s, sql, params, [&](const NativeRow& r) {
            onRow(TransactionCandidate{r.str(0), r.str(1), r.str(3), r.str(4), r.i64(2),
                                       r.optStr(5)});
        });
    }
}

void externalIdHolders(Tx& s, const std::string& accountId,
                       const std::vector<std::string>& externalIds,
                       const std::string& excludeImportId,
                       const std::function<void(ExternalIdHolder&&)>& onRow) {
    counters::keysProbed(externalIds.size());
    for (std::size_t at = 0; at < externalIds.size(); at += kKeysPerStatement) {
        const std::size_t n = std::min(kKeysPerStatement, externalIds.size() - at);
        std::string sql = "SELECT id, entryable_type, external_id FROM entries WHERE account_id = "
                          "? AND COALESCE(import_id, '') <> ? AND external_id IN (" +
                          sqlMarks(n) + ") ORDER BY created_at, id";
        std::vector<SqlValue> params{accountId, excludeImportId};
        params.reserve(n + 2);
        for (std::size_t i = 0; i < n; ++i)
            params.emplace_back(externalIds[at + i]);
        nativeQuery(s, sql, params, [&](const NativeRow& r) {
            onRow(ExternalIdHolder{r.str(0), r.str(1), r.str(2)});
        });
    }
}

} // namespace finimport::store
