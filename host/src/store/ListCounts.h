#pragma once
// total_count of the lists from the maintained counts of schema v18 (docs/decisions.md D145):
// the entries of each account and type (entry_counts) and the balance records of each account
// and currency (balance_counts), summed over the family's accounts that a list shows. A list
// whose filters go beyond its accounts (dates, amounts, categories, search …) counts its rows
// instead (and caches the count until the next write, Database::cachedCount).

#include "store/Database.h"
#include "store/Sql.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

struct CountedAccounts {
    std::string familyId;
    // A literal condition on the account `a` (its status), as the list's own query has it.
    std::string accountCondition;
    std::optional<std::string> accountId;
    std::optional<std::vector<std::string>> accountIds;
};

// SELECT of the sum of `counts` rows (entry_counts or balance_counts) whose `keyColumn` equals
// `key` (omitted when null) on the accounts of `accounts`; its parameters go to `params`.
std::string countedSum(const std::string& counts, const std::string& keyColumn,
                       const std::optional<std::string>& key, const CountedAccounts& accounts,
                       std::vector<SqlValue>& params);

// A list's total_count through Database::cachedCount, counted on the read replica: `sql` gives
// the counting SELECT (countedSum, or COUNT(*) over the list's rows) and fills its parameters.
int64_t cachedListCount(Database& db, const std::string& key,
                        const std::function<std::string(std::vector<SqlValue>&)>& sql);

} // namespace finimport::store
