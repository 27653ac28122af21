#pragma once
// Transaction duplicate matching for a whole publish (docs/decisions.md D18, docs/imports.md §7.1):
// the existing transactions of each target account over the rows' date range are read once (an
// indexed range read per account) into a hash index keyed by account, date, amount, currency and
// normalised name. Rows then claim candidates in file order, oldest created first; a claimed
// entry is never matched again, and entries this publish creates are never candidates, so the
// same row twice in one file is not a duplicate of itself.

#include "domain/Date.h"
#include "store/EntryStore.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace finimport::app {

class TransactionDuplicateIndex {
public:
    // Widens the date range to read for `accountId`.
    void want(const std::string& accountId, domain::Date date);
    // Reads the candidates of every wanted account.
    void load(store::EntryStore& entries);
    // docs/decisions.md D63: an existing entry of the account with the row's external id, now
    // claimed (whatever its amount or date); nullopt when none is left.
    std::optional<std::string> claimByExternalId(store::EntryStore& entries,
                                                 const std::string& accountId,
                                                 const std::string& entryableType,
                                                 const std::string& externalId,
                                                 const std::string& importId);
    // The oldest unclaimed existing transaction matching the row, now claimed; nullopt when
    // none. A row with an external id never matches an entry holding another id (docs/decisions.md
    // D63).
    std::optional<std::string> claim(const std::string& accountId, const std::string& isoDate,
                                     int64_t amount, const std::string& currency,
                                     const std::string& normalizedName,
                                     const std::optional<std::string>& externalId = std::nullopt);

private:
    struct Candidate {
        std::string id;
        std::optional<std::string> externalId;
    };
    static std::string key(const std::string& accountId, const std::string& isoDate, int64_t amount,
                           const std::string& currency, const std::string& normalizedName);

    std::map<std::string, std::pair<domain::Date, domain::Date>> _ranges;
    std::unordered_map<std::string, std::vector<Candidate>> _byKey; // oldest created first
    std::unordered_set<std::string> _claimed;
    std::map<std::string, bool> _hasExternalIds; // per account
};

} // namespace finimport::app
