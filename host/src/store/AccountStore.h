#pragma once
// Accounts of a family.

#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

struct AccountRow {
    std::string id, familyId;
    std::optional<std::string> ownerUserId;
    std::string name;
    std::optional<std::string> accountType; // snake_case kind, e.g. "depository"
    std::optional<std::string> subtype;
    std::string status = "active";
    std::string currency;
    int64_t balance = 0; // scaled 10^8
    std::optional<int64_t> cashBalance;
    std::optional<std::string> institutionName, institutionDomain, notes, importId;
    bool authoritativeBalanceHistory = false;
    int64_t createdAt = 0, updatedAt = 0;
};

class AccountStore {
public:
    explicit AccountStore(Tx& s) : _s(s) {}

    void insert(AccountRow& account); // fills id (when empty) and timestamps
    std::optional<AccountRow> byId(const std::string& familyId, const std::string& id);
    std::optional<AccountRow> byIdAnyFamily(const std::string& id);
    // Exact, case-sensitive name match; the oldest when several share the name.
    std::optional<AccountRow> byName(const std::string& familyId, const std::string& name);
    std::vector<AccountRow> ofFamily(const std::string& familyId);
    std::vector<std::string> allIds();
    // Deletes the account and everything inside it (entries, balances, holdings, recurring).
    void deleteCascade(const std::string& id);
    // The account's current balance and cash balance (scaled 10^8), from its last balance row.
    void setBalance(const std::string& id, int64_t balance, int64_t cashBalance);

private:
    Tx& _s;
};

} // namespace finimport::store
