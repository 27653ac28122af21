#include "app/RevertGuard.h"

#include "store/Sql.h"

#include <vector>

namespace finimport::app {

namespace {

// Ids of the records of `type` the import created (a sub-select; one `?` = the import id).
std::string created(const std::string& type) {
    return "(SELECT record_id FROM import_records WHERE import_id = ? AND relation = 'created' "
           "AND record_type = '" +
           type + "')";
}

// Each query yields the owning import id of a dependant record ('' = no import: the API).
// Every `?` is the import id.
std::vector<std::string> dependantQueries() {
    return {
        // Another import created or matched the same record (§12.3, D63).
        "SELECT DISTINCT o.import_id FROM import_records o JOIN import_records c ON "
        "c.record_type = o.record_type AND c.record_id = o.record_id WHERE c.import_id = ? "
        "AND c.relation = 'created' AND o.import_id <> ?",
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

std::string RevertDependants::message() const {
    std::string list;
    for (const auto& id : importIds)
        list += (list.empty() ? "" : ", ") + std::string("import ") + id;
    if (api) list += (list.empty() ? "" : ", ") + std::string("records created through the API");
    return "Import cannot be reverted because other data depends on it: " + list + ".";
}

RevertDependants revertDependants(Poco::Data::Session& s, const std::string& importId) {
    RevertDependants out;
    for (const auto& sql : dependantQueries()) {
        size_t marks = 0;
        for (char c : sql)
            if (c == '?') ++marks;
        std::vector<store::SqlValue> params(marks, importId);
        for (const auto& row : store::sqlQuery(s, sql, params)) {
            std::string owner = row.str(0);
            if (owner.empty())
                out.api = true;
            else
                out.importIds.insert(owner);
        }
    }
    return out;
}

} // namespace finimport::app
