#pragma once
// Materialised daily balance rows (one per account, day and currency).

#include "store/Listing.h"
#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

struct BalanceRecord {
    std::string id, accountId, date, currency;
    int64_t balance = 0;
    std::optional<int64_t> cashBalance;
    int64_t startCash = 0, startNonCash = 0, cashInflows = 0, cashOutflows = 0, nonCashInflows = 0,
            nonCashOutflows = 0, netMarketFlows = 0, cashAdjustments = 0, nonCashAdjustments = 0,
            endCash = 0, endNonCash = 0;
    int64_t flowsFactor = 1;
    int64_t createdAt = 0, updatedAt = 0;
    // Joined account fields (listing).
    std::string accountName;
    std::optional<std::string> accountType;
};

struct BalanceFilter {
    std::string familyId;
    std::optional<std::string> accountId, currency, startDate, endDate;
};

class Database;

class BalanceStore {
public:
    explicit BalanceStore(Tx& s) : _s(s) {}

    // Replaces the account's rows from `fromDate` on (all rows when nullopt) with `rows`,
    // inside the caller's transaction.
    void replace(const std::string& accountId, const std::optional<std::string>& fromDate,
                 std::vector<BalanceRecord>& rows);
    // The account's row on `date`, if any.
    std::optional<BalanceRecord> on(const std::string& accountId, const std::string& date);
    // The account's rows dated `fromDate` or later, by date (read natively: a row a day).
    std::vector<BalanceRecord> since(const std::string& accountId, const std::string& fromDate);
    // The account's latest row in `currency` on or before `date` (the balance that day).
    std::optional<BalanceRecord> onOrBefore(const std::string& accountId, const std::string& date,
                                            const std::string& currency);

    // The listing's reads for GET /balances, each with its own pooled session: the count is
    // cached until the next write (Database::cachedCount), so a page costs one indexed read.
    // Ordered date desc, created_at desc, id desc (docs/decisions.md D28).
    static const Listing<BalanceFilter, BalanceRecord> list;

private:
    Tx& _s;
};

} // namespace finimport::store
