#pragma once
// Reads on an account's entries that publish and duplicate detection need beyond EntryStore:
// its first date, whether it has entries, and the trades an incoming trade row may duplicate.

#include "store/Tx.h"
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace finimport::store {

// The date (ISO) of the account's earliest entry; nullopt when it has none.
std::optional<std::string> earliestEntryDate(Tx& s, const std::string& accountId);
// The newest entry date before `date` that another import (or no import) wrote to the account.
std::optional<std::string> latestEntryDateBefore(Tx& s, const std::string& accountId,
                                                 const std::string& date,
                                                 const std::string& exceptImportId);
// True when the account has at least one entry.
bool accountHasEntries(Tx& s, const std::string& accountId);

// What identifies a trade for duplicate detection (docs/decisions.md D18); amounts scaled 10^8.
struct TradeKey {
    std::string accountId, date, ticker, securityKey, mic, currency; // securityKey, mic: '' = any
    int64_t qty = 0, price = 0;
};
// (entry id, external id) of the account's trades that match `key`, oldest first: same date,
// qty, price and currency; the same ticker, or the same security key (CUSIP/ISIN) when given;
// the same operating MIC when given.
std::vector<std::pair<std::string, std::optional<std::string>>>
tradeDuplicateCandidates(Tx& s, const TradeKey& key);

} // namespace finimport::store
