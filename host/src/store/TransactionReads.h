#pragma once
// Transactions as the read API shows them (docs/read-api.md §3.1, §3.2, §3.3): the family's
// Transaction entries with their account, category, merchant, tags and transfer.

#include "store/Listing.h"
#include "store/TransactionLocks.h"
#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

class Database;

struct TransactionFilter {
    std::string familyId;
    // Ids are lower-case UUIDs; a list is non-empty when set. Every filter combines with AND.
    std::optional<std::string> accountId, categoryId, merchantId, importId;
    std::optional<std::vector<std::string>> accountIds, categoryIds, merchantIds, tagIds;
    std::optional<std::string> startDate, endDate; // ISO, inclusive
    std::optional<int64_t> minAmount, maxAmount;   // scaled 10^8, the stored (ledger) sign
    std::optional<std::string> type;               // "income" | "expense"
    std::optional<std::string> search;             // literal text (no wildcards)
};

struct AccountRef {
    std::string id, name, status;
    std::optional<std::string> accountType;
};

struct NamedRef {
    std::string id, name, color, icon; // icon: categories only; color: categories and tags
};

struct TransferRef {
    std::string id, currency; // the inflow side's currency
    int64_t amount = 0;       // |inflow amount|, scaled 10^8
    AccountRef otherAccount;
};

struct TransactionView {
    std::string id, date, currency, name, kind;
    int64_t amount = 0; // scaled 10^8, ledger sign (positive = money out)
    std::optional<std::string> notes, externalId, splitParentId, importId;
    bool excluded = false;
    AccountRef account;
    std::optional<NamedRef> category, merchant;
    std::vector<NamedRef> tags; // by name, then id
    std::optional<TransferRef> transfer;
    int64_t createdAt = 0, updatedAt = 0;
    std::optional<std::string> activityLabel; // docs/rules.md §11.2
    LockMap locks;                            // docs/rules.md §7: lock key -> epoch µs
};

class TransactionReads {
public:
    // GET /transactions: the count (cached until the next write, Database::cachedCount) and a
    // page ordered date desc, created_at desc, id desc, from the read pool. A deep page seeks
    // from where an earlier page of the same filters began (PageAnchors.h) instead of skipping
    // every row before it.
    static const Listing<TransactionFilter, TransactionView> list;

    // One transaction of the family, whatever its account's status; nullopt when the id names
    // no Transaction entry of the family.
    static std::optional<TransactionView> byId(Tx& s, const std::string& familyId,
                                               const std::string& id);
};

} // namespace finimport::store
