#pragma once
// Trade listing for GET /api/v1/trades (docs/api.md §9.3, §10 change 11; docs/decisions.md D28).

#include "store/Listing.h"
#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

struct TradeListFilter {
    std::string familyId;
    std::optional<std::string> accountId;               // lowercase UUID
    std::optional<std::vector<std::string>> accountIds; // lowercase UUIDs (non-empty)
    std::optional<std::string> startDate, endDate;      // ISO, inclusive
};

struct TradeListRow {
    std::string id, date, currency, name;
    int64_t amount = 0, qty = 0, price = 0; // scaled 10^8; amount in entry sign (buy > 0)
    std::string entryCurrency;
    std::optional<std::string> notes, activityLabel;
    std::string accountId, accountName, accountStatus;
    std::optional<std::string> accountType;
    std::optional<std::string> securityId, securityTicker, securityName;
    std::optional<std::string> categoryId, categoryName;
    int64_t createdAt = 0, updatedAt = 0;
};

class Database;

class TradeStore {
public:
    // GET /trades, the trades on the family's active and draft accounts: the count cached until
    // the next write (Database::cachedCount), the page read with its own pooled session, ordered
    // entry date desc, entry created_at desc, entry id desc (docs/decisions.md D28).
    static const Listing<TradeListFilter, TradeListRow> list;
};

} // namespace finimport::store
