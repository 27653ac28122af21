#pragma once
// Reading and checking a transaction correction (docs/read-api.md §3.4): every problem of the
// body, in the table's order, or the changes to write. The checks that need the database (the
// family's records, the transaction's currency and split role) come in through `PatchContext`.

#include "app/ledger/PatchInput.h"
#include "domain/Date.h"
#include "store/TransactionEdits.h"

#include <functional>
#include <string>
#include <vector>

namespace finimport::app::ledger {

struct PatchContext {
    std::string currency, date; // the transaction's
    int64_t amount = 0;         // scaled 10^8, ledger sign
    bool excluded = false;
    store::SplitRole split;
    domain::Date today;
    std::function<bool(const std::string&)> categoryOfFamily, merchantOfFamily;
    std::function<bool(const std::vector<std::string>&)> tagsOfFamily;
};

struct PatchPlan {
    store::TransactionChanges changes;
    std::vector<std::string> errors; // non-empty: 422, nothing changes
    // Lock keys (docs/decisions.md D86): every lockable attribute the request writes.
    std::vector<std::string> locks;
};

PatchPlan planPatch(const std::map<std::string, PatchValue>& fields, const PatchContext& ctx);

// `-?digits[.digits]` with at most 8 decimals (trailing zeros do not count) within the range of
// docs/decisions.md D2, scaled 10^8; nullopt otherwise (the amount filters of docs/read-api.md
// §3.2).
std::optional<int64_t> parsePlainAmount(const std::string& text);

} // namespace finimport::app::ledger
