#include "store/FamilyRecordCounts.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

const char* kEntryOfFamily =
    "SELECT COUNT(*) FROM entries e JOIN accounts a ON a.id = e.account_id "
    "WHERE a.family_id = ? AND e.entryable_type = ";

} // namespace

std::map<std::string, int64_t> familyRecordCounts(Tx& s, const std::string& f) {
    std::map<std::string, int64_t> c;
    auto ofAccounts = [&](const std::string& table) {
        return sqlCount(s,
                        "SELECT COUNT(*) FROM " + table +
                            " x JOIN accounts a ON a.id = x.account_id WHERE a.family_id = ?",
                        {f});
    };
    auto ofFamily = [&](const std::string& table) {
        return sqlCount(s, "SELECT COUNT(*) FROM " + table + " WHERE family_id = ?", {f});
    };
    auto links = [&](const std::string& table) {
        return sqlCount(s,
                        "SELECT COUNT(*) FROM " + table +
                            " l JOIN entries e ON e.id = l.inflow_transaction_id "
                            "JOIN accounts a ON a.id = e.account_id WHERE a.family_id = ?",
                        {f});
    };
    c["accounts"] = ofFamily("accounts");
    c["balances"] = ofAccounts("balances");
    c["categories"] = ofFamily("categories");
    c["tags"] = ofFamily("tags");
    c["merchants"] = ofFamily("merchants");
    c["recurring_transactions"] = ofFamily("recurring_transactions");
    c["transactions"] = sqlCount(s, std::string(kEntryOfFamily) + "'Transaction'", {f});
    c["transfers"] = links("transfers");
    c["rejected_transfers"] = links("rejected_transfers");
    c["trades"] = sqlCount(s, std::string(kEntryOfFamily) + "'Trade'", {f});
    c["holdings"] = ofAccounts("holdings");
    c["valuations"] = sqlCount(s, std::string(kEntryOfFamily) + "'Valuation'", {f});
    c["budgets"] = ofFamily("budgets");
    c["budget_categories"] =
        sqlCount(s,
                 "SELECT COUNT(*) FROM budget_categories bc JOIN budgets b ON b.id = bc.budget_id "
                 "WHERE b.family_id = ?",
                 {f});
    c["rules"] = ofFamily("rules");
    return c;
}

} // namespace finimport::store
