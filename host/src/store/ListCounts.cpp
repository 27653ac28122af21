#include "store/ListCounts.h"

#include "store/Columns.h"
#include "store/StatementCache.h"

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
    andIf(sql, params, "a.id = ?", accounts.accountId);
    if (accounts.accountIds) andIn(sql, params, "a.id", *accounts.accountIds);
    return sql;
}

int64_t cachedListCount(Database& db, const std::string& key,
                        const std::function<std::string(std::vector<SqlValue>&)>& sql) {
    return db.cachedCount(
        key,
        [&](Tx& s) {
            std::vector<SqlValue> params;
            const std::string text = sql(params);
            return db.statements().count(s, text, params);
        },
        true);
}

} // namespace finimport::store
