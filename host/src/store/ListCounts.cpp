#include "store/ListCounts.h"

namespace finimport::store {

std::string countedSum(const std::string& counts, const std::string& keyColumn,
                       const std::optional<std::string>& key, const CountedAccounts& accounts,
                       std::vector<SqlValue>& params) {
    std::string sql = "SELECT COALESCE(SUM(c.n), 0) FROM accounts a JOIN " + counts +
                      " c ON c.account_id = a.id WHERE a.family_id = ?";
    params.push_back(accounts.familyId);
    if (!accounts.accountCondition.empty()) sql += " AND " + accounts.accountCondition;
    if (key) {
        sql += " AND c." + keyColumn + " = ?";
        params.push_back(*key);
    }
    if (accounts.accountId) {
        sql += " AND a.id = ?";
        params.push_back(*accounts.accountId);
    }
    if (accounts.accountIds) {
        sql += " AND a.id IN (";
        for (size_t i = 0; i < accounts.accountIds->size(); ++i) {
            sql += i ? ", ?" : "?";
            params.push_back((*accounts.accountIds)[i]);
        }
        sql += ")";
    }
    return sql;
}

} // namespace finimport::store
