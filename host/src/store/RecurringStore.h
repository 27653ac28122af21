#pragma once
// Recurring transactions of a family (docs/api.md §8).

#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>

namespace finimport::store {

struct RecurringRow {
    std::string id, familyId;
    std::optional<std::string> accountId, merchantId, name;
    int64_t amount = 0; // scaled 10^8
    std::string currency;
    int64_t expectedDayOfMonth = 0;
    std::string lastOccurrenceDate, nextExpectedDate; // ISO
    std::string status = "active";
    int64_t occurrenceCount = 0;
    bool manual = true;
    std::optional<int64_t> expectedAmountMin, expectedAmountMax, expectedAmountAvg;
    std::optional<std::string> importId;
    int64_t createdAt = 0, updatedAt = 0;
};

class RecurringStore {
public:
    explicit RecurringStore(Tx& s) : _s(s) {}

    void insert(RecurringRow& row); // fills id (when empty) and timestamps
    std::optional<RecurringRow> byId(const std::string& familyId, const std::string& id);
    // docs/api.md §8.2 step 8: another record of the family with the same non-null account and the
    // same merchant, amount and currency (merchant given), or no merchant and the same name.
    bool duplicateExists(const RecurringRow& candidate);
    int64_t countOfFamily(const std::string& familyId);

private:
    Tx& _s;
};

} // namespace finimport::store
