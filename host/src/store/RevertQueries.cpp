#include "store/RevertQueries.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// Ids of the records of `type` the import created (a sub-select; one `?` = the import id),
// other than entries. Entries by their import_id: a ledger publish does not list its entries in
// import_records (docs/architecture.md, "What an import owns").
std::string created(const std::string& type) {
    return "(SELECT record_id FROM import_records WHERE import_id = ? AND relation = 'created' "
           "AND record_type = '" +
           type + "')";
}

// `column` (of the outer row) is not the id of a `type` record the import created: a lookup in
// import_records' primary key per row. Not `NOT IN (sub-select)`: a list of the import's 100k
// ids that does not fit work_mem is searched from the start for every outer row on PostgreSQL.
std::string notCreated(const std::string& type, const std::string& column) {
    return "NOT EXISTS (SELECT 1 FROM import_records r WHERE r.import_id = ? AND r.record_type = "
           "'" +
           type + "' AND r.record_id = " + column + " AND r.relation = 'created')";
}

// One of `columns` (of the outer row) names an entry the import created: primary key lookups.
std::string namesCreatedEntry(const std::string& columns) {
    return "EXISTS (SELECT 1 FROM entries o WHERE o.id IN (" + columns + ") AND o.import_id = ?)";
}

} // namespace

// One probe of import_records_record per entry the import created, the import's entries read
// through entries_import: what the import's own rows cost, whatever the planner's statistics
// say (docs/decisions.md D235). As a plain join, PostgreSQL on stale statistics started from
// every matched entry of the whole ledger in import_records (or hashed them all).
// OFFSET 0 keeps PostgreSQL from pulling the LATERAL sub-select up into a join it may reorder;
// CROSS JOIN keeps SQLite's planner on the entries as the outer loop.
std::string matchedCreatedEntriesQuery(bool pg) {
    if (pg)
        return "SELECT DISTINCT o.import_id FROM entries e, LATERAL (SELECT r.import_id FROM "
               "import_records r WHERE r.record_type = 'Entry' AND r.record_id = e.id AND "
               "r.import_id <> ? OFFSET 0) o WHERE e.import_id = ?";
    return "SELECT DISTINCT o.import_id FROM entries e CROSS JOIN import_records o WHERE "
           "e.import_id = ? AND o.record_type = 'Entry' AND o.record_id = e.id AND "
           "o.import_id <> ?";
}

namespace {

// Each query yields the owning import id of a dependant record ('' = no import: the API).
// Every `?` is the import id. An entry whose import_id is not the import's was not created by
// it, so the entries' queries need no test against the created entries.
std::vector<std::string> dependantQueries(bool pg) {
    return {
        // Another import created or matched the same record (docs/imports.md §12.3,
        // docs/decisions.md D63).
        "SELECT DISTINCT o.import_id FROM import_records o JOIN import_records c ON "
        "c.record_type = o.record_type AND c.record_id = o.record_id WHERE c.import_id = ? "
        "AND c.relation = 'created' AND o.import_id <> ?",
        // Another import matched (or, a ServiceImport, listed) an entry this import created.
        matchedCreatedEntriesQuery(pg),
        // Records inside an account the import created, owned by someone else.
        "SELECT DISTINCT COALESCE(import_id, '') FROM entries WHERE account_id IN " +
            created("Account") + " AND COALESCE(import_id, '') <> ?",
        "SELECT DISTINCT COALESCE(import_id, '') FROM holdings WHERE account_id IN " +
            created("Account") + " AND COALESCE(import_id, '') <> ? AND " +
            notCreated("Holding", "holdings.id"),
        "SELECT DISTINCT COALESCE(import_id, '') FROM recurring_transactions WHERE account_id "
        "IN " +
            created("Account") + " AND COALESCE(import_id, '') <> ? AND " +
            notCreated("RecurringTransaction", "recurring_transactions.id"),
        // Balance rows given by another ServiceImport (recomputed rows carry no import).
        "SELECT DISTINCT import_id FROM balances WHERE account_id IN " + created("Account") +
            " AND import_id IS NOT NULL AND import_id <> ?",
        // Split children and transfers hanging off an entry the import created.
        "SELECT DISTINCT COALESCE(import_id, '') FROM entries WHERE parent_entry_id IS NOT NULL "
        "AND " +
            namesCreatedEntry("entries.parent_entry_id") + " AND COALESCE(import_id, '') <> ?",
        "SELECT DISTINCT COALESCE(import_id, '') FROM transfers WHERE " +
            namesCreatedEntry("transfers.inflow_transaction_id, transfers.outflow_transaction_id") +
            " AND COALESCE(import_id, '') <> ?",
    };
}

} // namespace

std::vector<std::string> revertDependantOwners(Tx& s, const std::string& importId) {
    std::vector<std::string> owners;
    for (const auto& sql : dependantQueries(sqlIsPostgres(s))) {
        size_t marks = 0;
        for (char c : sql)
            if (c == '?') ++marks;
        std::vector<SqlValue> params(marks, importId);
        for (const auto& row : sqlQuery(s, sql, params))
            owners.push_back(row.str(0));
    }
    return owners;
}

} // namespace finimport::store
