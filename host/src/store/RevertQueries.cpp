#include "store/RevertQueries.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// Ids of the records of `type` the import created (a sub-select; one `?` = the import id).
// Entries by their import_id: a ledger publish does not list its entries in import_records
// (docs/architecture.md, "What an import owns").
std::string created(const std::string& type) {
    if (type == "Entry") return "(SELECT id FROM entries WHERE import_id = ?)";
    return "(SELECT record_id FROM import_records WHERE import_id = ? AND relation = 'created' "
           "AND record_type = '" +
           type + "')";
}

// Each query yields the owning import id of a dependant record ('' = no import: the API).
// Every `?` is the import id.
std::vector<std::string> dependantQueries() {
    return {
        // Another import created or matched the same record (docs/imports.md §12.3,
        // docs/decisions.md D63).
        "SELECT DISTINCT o.import_id FROM import_records o JOIN import_records c ON "
        "c.record_type = o.record_type AND c.record_id = o.record_id WHERE c.import_id = ? "
        "AND c.relation = 'created' AND o.import_id <> ?",
        // Another import matched (or, a ServiceImport, listed) an entry this import created.
        "SELECT DISTINCT o.import_id FROM entries e JOIN import_records o ON "
        "o.record_type = 'Entry' AND o.record_id = e.id WHERE e.import_id = ? "
        "AND o.import_id <> ?",
        // Records inside an account the import created, owned by someone else.
        "SELECT DISTINCT COALESCE(import_id, '') FROM entries WHERE account_id IN " +
            created("Account") + " AND COALESCE(import_id, '') <> ? AND id NOT IN " +
            created("Entry"),
        "SELECT DISTINCT COALESCE(import_id, '') FROM holdings WHERE account_id IN " +
            created("Account") + " AND COALESCE(import_id, '') <> ? AND id NOT IN " +
            created("Holding"),
        "SELECT DISTINCT COALESCE(import_id, '') FROM recurring_transactions WHERE account_id "
        "IN " +
            created("Account") + " AND COALESCE(import_id, '') <> ? AND id NOT IN " +
            created("RecurringTransaction"),
        // Balance rows given by another ServiceImport (recomputed rows carry no import).
        "SELECT DISTINCT import_id FROM balances WHERE account_id IN " + created("Account") +
            " AND import_id IS NOT NULL AND import_id <> ?",
        // Split children and transfers hanging off an entry the import created.
        "SELECT DISTINCT COALESCE(import_id, '') FROM entries WHERE parent_entry_id IN " +
            created("Entry") + " AND COALESCE(import_id, '') <> ? AND id NOT IN " +
            created("Entry"),
        "SELECT DISTINCT COALESCE(import_id, '') FROM transfers WHERE (inflow_transaction_id "
        "IN " +
            created("Entry") + " OR outflow_transaction_id IN " + created("Entry") +
            ") AND COALESCE(import_id, '') <> ?",
    };
}

} // namespace

std::vector<std::string> revertDependantOwners(Tx& s, const std::string& importId) {
    std::vector<std::string> owners;
    for (const auto& sql : dependantQueries()) {
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
