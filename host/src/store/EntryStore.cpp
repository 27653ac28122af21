#include "store/EntryStore.h"
#include "store/Columns.h"

#include "store/EntryLookups.h"
#include "store/Sql.h"
#include "store/StatementCache.h"
#include "store/Time.h"

#include <algorithm>

namespace finimport::store {

namespace {

const char* kSelect = "SELECT e.id, e.account_id, e.entryable_type, e.date, e.amount, e.currency, "
                      "e.name, e.notes, e.excluded, e.import_locked, e.parent_entry_id, "
                      "e.import_id, e.created_at, e.updated_at, e.external_id FROM entries e ";

EntryRow entryFrom(const SqlRow& r) {
    EntryRow e;
    readColumns(r, e.id, e.accountId, e.entryableType, e.date, e.amount, e.currency, e.name,
                e.notes, e.excluded, e.importLocked, e.parentEntryId, e.importId, e.createdAt,
                e.updatedAt, e.externalId);
    return e;
}

} // namespace

const std::vector<std::string>& entryColumns() {
    static const std::vector<std::string> columns = {"id",
                                                     "account_id",
                                                     "entryable_type",
                                                     "date",
                                                     "amount",
                                                     "currency",
                                                     "name",
                                                     "notes",
                                                     "excluded",
                                                     "import_locked",
                                                     "parent_entry_id",
                                                     "import_id",
                                                     "created_at",
                                                     "updated_at",
                                                     "external_id",
                                                     "category_id",
                                                     "merchant_id",
                                                     "kind"};
    return columns;
}

std::vector<SqlValue> entryValues(const EntryRow& e, const TransactionDetail* t) {
    return {e.id,
            e.accountId,
            e.entryableType,
            e.date,
            e.amount,
            e.currency,
            e.name,
            sqlOpt(e.notes),
            int64_t(e.excluded),
            int64_t(e.importLocked),
            sqlOpt(e.parentEntryId),
            sqlOpt(e.importId),
            e.createdAt,
            e.updatedAt,
            sqlOpt(e.externalId),
            t ? sqlOpt(t->categoryId) : SqlValue(),
            t ? sqlOpt(t->merchantId) : SqlValue(),
            t ? SqlValue(t->kind) : SqlValue()};
}

EntryRow EntryStore::insertEntry(EntryRow& e, const TransactionDetail* t) {
    static const std::string sql = insertSql("entries", entryColumns());
    if (e.id.empty()) e.id = newUuid();
    if (e.createdAt == 0) e.createdAt = e.updatedAt = nowMicros();
    sqlExec(_s, sql, entryValues(e, t));
    return e;
}

void EntryStore::insertTransaction(EntryRow& e, const TransactionDetail& d) {
    e.entryableType = "Transaction";
    insertEntry(e, &d);
    for (const auto& tag : d.tagIds)
        sqlExec(_s, "INSERT INTO transaction_tags (entry_id, tag_id) VALUES (?, ?)", {e.id, tag});
}

void EntryStore::insertTrade(EntryRow& e, TradeDetail& d) {
    e.entryableType = "Trade";
    insertEntry(e);
    if (d.id.empty()) d.id = newUuid();
    sqlExec(_s,
            "INSERT INTO trades (id, entry_id, security_id, qty, price, currency, "
            "investment_activity_label, category_id, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {d.id, e.id, sqlOpt(d.securityId), d.qty, d.price, d.currency, sqlOpt(d.activityLabel),
             sqlOpt(d.categoryId), e.createdAt, e.updatedAt});
}

void EntryStore::insertValuation(EntryRow& e, const std::string& kind) {
    e.entryableType = "Valuation";
    insertEntry(e);
    sqlExec(_s, "INSERT INTO valuations (entry_id, kind) VALUES (?, ?)", {e.id, kind});
}

std::vector<LedgerItem> EntryStore::ledgerOf(const std::string& accountId,
                                             const std::optional<std::string>& transactionsFrom) {
    // Read natively, not value by value through Poco's RecordSet. Split parents are left out:
    // their children carry the amounts.
    std::vector<LedgerItem> out;
    // Transactions: the engine only adds a day's amounts up, money in and money out apart
    // (domain/BalanceCalculator.cpp, addFlow), so each day comes as those two sums, zeros
    // included (the day itself counts). 100k entries: 0.21 s of SQL for the entries one by
    // one, 0.06 s for the sums (bench/RESULTS.md), and 2 items a day to plan.
    // Most accounts have no split parent: their sums need no test per entry. PostgreSQL, which
    // knows nothing of the rows a publish just wrote, probed the index of split children once
    // per entry (0.15-0.26 s of a 100k-row publish, bench/RESULTS.md). A split
    // child is in its parent's account (SplitTransferPublisher, LedgerRecords): the account has
    // split parents when it has split children. They are read from the partial index of split
    // children (`|| ''` keeps the planner off the account's index, where a fresh publish's
    // rows would be read one by one).
    const bool splits = sqlCount(_s,
                                 "SELECT COUNT(*) FROM (SELECT 1 FROM entries WHERE "
                                 "parent_entry_id IS NOT NULL AND account_id || '' = ? LIMIT 1) x",
                                 {accountId}) > 0;
    std::vector<SqlValue> params{accountId};
    if (transactionsFrom) {
        params.emplace_back(*transactionsFrom);
        // The account's first day (an index's first key), before the days read below.
        auto first =
            sqlQueryOne(_s, "SELECT MIN(date) FROM entries WHERE account_id = ?", {accountId});
        if (first && !first->isNull(0) && first->str(0) < *transactionsFrom) {
            LedgerItem marker;
            marker.entryableType = "Transaction";
            marker.date = first->str(0);
            out.push_back(std::move(marker));
        }
    }
    nativeQuery(_s,
                std::string("SELECT e.date, SUM(CASE WHEN e.amount < 0 THEN e.amount ELSE 0 END), "
                            "SUM(CASE WHEN e.amount < 0 THEN 0 ELSE e.amount END) FROM entries e "
                            "WHERE e.account_id = ? AND e.entryable_type = 'Transaction' ") +
                    (transactionsFrom ? "AND e.date >= ? " : "") +
                    (splits ? "AND NOT EXISTS (SELECT 1 FROM entries c WHERE c.parent_entry_id = "
                              "e.id) "
                            : "") +
                    "GROUP BY e.date ORDER BY e.date",
                params, [&](const NativeRow& r) {
                    for (size_t column : {size_t(1), size_t(2)}) {
                        LedgerItem item;
                        item.entryableType = "Transaction";
                        item.date = r.str(0);
                        item.amount = r.i64(column);
                        out.push_back(std::move(item));
                    }
                });
    // Everything else one by one, in the order the engine applies it within a day.
    nativeQuery(
        _s,
        std::string("SELECT e.entryable_type, e.date, e.amount, t.security_id, t.qty, "
                    "t.price, v.kind FROM entries e ") +
            otherEntriesIndex(_s) +
            "LEFT JOIN trades t ON e.entryable_type = 'Trade' AND "
            "t.entry_id = e.id LEFT JOIN valuations v ON e.entryable_type = 'Valuation' AND "
            "v.entry_id = e.id "
            "WHERE e.account_id = ? AND e.entryable_type <> 'Transaction' AND NOT EXISTS "
            "(SELECT 1 FROM entries c WHERE c.parent_entry_id = e.id) "
            "ORDER BY e.date, e.created_at, e.id",
        {accountId}, [&](const NativeRow& r) {
            LedgerItem item;
            readColumns(r, item.entryableType, item.date, item.amount, item.securityId, item.qty,
                        item.price, item.valuationKind);
            out.push_back(std::move(item));
        });
    return out;
}

std::optional<EntryRow> EntryStore::openingAnchor(const std::string& accountId) {
    return mapRow(
        sqlQueryOne(_s,
                    std::string(kSelect) +
                        "JOIN valuations v ON v.entry_id = e.id WHERE e.account_id = ? AND "
                        "v.kind = 'opening_anchor' ORDER BY e.date LIMIT 1",
                    {accountId}),
        entryFrom);
}

std::optional<EntryRow> EntryStore::byId(const std::string& id) {
    return mapRow(sqlQueryOne(_s, std::string(kSelect) + "WHERE e.id = ?", {id}), entryFrom);
}

std::vector<std::pair<std::string, std::string>>
EntryStore::accountsCreatedBy(const std::string& importId) {
    return textPairs(sqlQuery(_s,
                              "SELECT account_id, MIN(date) FROM entries WHERE import_id = ? "
                              "GROUP BY account_id ORDER BY account_id",
                              {importId}));
}

std::vector<EntryRow> EntryStore::transactionCandidates(const std::string& accountId,
                                                        const std::string& date, int64_t amount,
                                                        const std::string& currency) {
    return mapRows(
        sqlQuery(_s,
                 std::string(kSelect) +
                     "WHERE e.account_id = ? AND e.entryable_type = 'Transaction' AND e.date = ? "
                     "AND e.amount = ? AND e.currency = ? ORDER BY e.created_at, e.id",
                 {accountId, date, amount, currency}),
        entryFrom);
}

std::vector<std::string> EntryStore::idsWithExternalId(const std::string& accountId,
                                                       const std::string& entryableType,
                                                       const std::string& externalId,
                                                       const std::string& excludeImportId) {
    return firstTexts(
        sqlQuery(_s,
                 "SELECT id FROM entries WHERE account_id = ? AND external_id = ? AND "
                 "entryable_type = ? AND COALESCE(import_id, '') <> ? ORDER BY created_at, id",
                 {accountId, externalId, entryableType, excludeImportId}));
}

bool EntryStore::hasExternalIds(const std::string& accountId) {
    return sqlQueryOne(_s,
                       "SELECT 1 FROM entries WHERE account_id = ? AND external_id IS NOT NULL "
                       "LIMIT 1",
                       {accountId})
        .has_value();
}

std::vector<EntryRow> EntryStore::tradeCandidates(const std::string& accountId,
                                                  const std::string& date,
                                                  const std::optional<std::string>& securityId,
                                                  int64_t qty, int64_t price,
                                                  const std::string& currency) {
    return mapRows(
        sqlQuery(
            _s,
            std::string(kSelect) +
                "JOIN trades t ON t.entry_id = e.id WHERE e.account_id = ? AND e.date = ? AND "
                "COALESCE(t.security_id, '') = ? AND t.qty = ? AND t.price = ? AND t.currency = ? "
                "ORDER BY e.created_at, e.id",
            {accountId, date, securityId.value_or(""), qty, price, currency}),
        entryFrom);
}

void EntryStore::setTransactionCategory(const std::string& entryId, const std::string& categoryId) {
    sqlExec(_s,
            "UPDATE entries SET category_id = ? WHERE id = ? AND entryable_type = 'Transaction'",
            {categoryId, entryId});
}

void EntryStore::replaceTransactionTags(const std::string& entryId,
                                        const std::vector<std::string>& tagIds) {
    sqlExec(_s, "DELETE FROM transaction_tags WHERE entry_id = ?", {entryId});
    for (const auto& t : tagIds)
        sqlExec(_s, "INSERT INTO transaction_tags (entry_id, tag_id) VALUES (?, ?)", {entryId, t});
}

void EntryStore::setNotes(const std::string& entryId, const std::string& notes) {
    sqlExec(_s, "UPDATE entries SET notes = ? WHERE id = ?", {notes, entryId});
}

namespace {

// Rows a statement deletes on SQLite (deleteCreatedBy).
constexpr size_t kDeleteRowsPerStatement = 8192;

// Deletes the transfers that link the entries `owned` selects (a condition on the entries' alias
// `o`, of one parameter, the import's id) and their split children; returns how many children.
// The callers then delete those entries. The payload rows go with their entries (ON DELETE CASCADE;
// on PostgreSQL the statement trigger of schema v12). Children and transfers are found from their
// side, through the parent's primary key (split children through the partial index entries_parent):
// a semi-join from the import's 100k ids once became a nested loop that ran for minutes on
// PostgreSQL.
size_t deleteOwnedEntries(Tx& s, const std::string& owned, const std::string& importId) {
    sqlExec(s,
            "DELETE FROM transfers WHERE EXISTS (SELECT 1 FROM entries o WHERE o.id IN "
            "(transfers.inflow_transaction_id, transfers.outflow_transaction_id) AND " +
                owned + ")",
            {importId});
    return sqlExec(s,
                   "DELETE FROM entries WHERE parent_entry_id IS NOT NULL AND EXISTS (SELECT 1 "
                   "FROM entries o WHERE o.id = entries.parent_entry_id AND " +
                       owned + ")",
                   {importId});
}

} // namespace

size_t EntryStore::deleteCreatedBy(const std::string& importId) {
    size_t children = deleteOwnedEntries(_s, "o.import_id = ?", importId);
    if (sqlIsPostgres(_s))
        return children + sqlExec(_s, "DELETE FROM entries WHERE import_id = ?", {importId});
    // SQLite keeps the first image of every page a statement changes in its statement journal,
    // in memory (temp_store): one DELETE of a 100k-row import out of a big account's index
    // pages held over 100 MB. Some thousands of rows a statement bound it, taken in (account,
    // date) order so that each statement changes its own stretch of the account's indexes:
    // in the order of their rowids every statement touched (and journaled) pages all over them
    // again. Fewer, larger statements cost less CPU (docs/decisions.md D236).
    std::vector<int64_t> rowids;
    nativeQuery(_s, "SELECT rowid FROM entries WHERE import_id = ? ORDER BY account_id, date",
                {importId}, [&](const NativeRow& r) { rowids.push_back(r.i64(0)); });
    for (size_t at = 0; at < rowids.size(); at += kDeleteRowsPerStatement) {
        const size_t end = std::min(rowids.size(), at + kDeleteRowsPerStatement);
        std::string list = "[";
        for (size_t i = at; i < end; ++i) {
            if (i > at) list += ',';
            list += std::to_string(rowids[i]);
        }
        list += ']';
        sqlExec(_s, "DELETE FROM entries WHERE rowid IN (SELECT value FROM json_each(?))",
                {std::move(list)});
    }
    return children + rowids.size();
}

size_t EntryStore::deleteRecordedBy(const std::string& importId) {
    const std::string recorded = "SELECT record_id FROM import_records WHERE import_id = ? AND "
                                 "record_type = 'Entry' AND relation = 'created'";
    size_t children = deleteOwnedEntries(_s, "o.id IN (" + recorded + ")", importId);
    return children + sqlExec(_s, "DELETE FROM entries WHERE id IN (" + recorded + ")", {importId});
}

void EntryStore::updateDate(const std::string& id, const std::string& date, int64_t amount) {
    sqlExec(_s, "UPDATE entries SET date = ?, amount = ?, updated_at = ? WHERE id = ?",
            {date, amount, nowMicros(), id});
}

} // namespace finimport::store
