#pragma once
// Transaction duplicate matching for a whole publish (D18, IMPORTS.md §7.1): the existing
// transactions of each target account over the rows' date range are read once (an indexed
// range read per account) into a hash index keyed by account, date, amount, currency and
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
#include <utility>
#include <vector>

namespace finimport::app {

class TransactionDuplicateIndex {
public:
    // Widens the date range to read for `accountId`.
    void want(const std::string& accountId, domain::Date date);
    // Reads the candidates of every wanted account.
    void load(store::EntryStore& entries);
    // The oldest unclaimed existing transaction matching the row, now claimed; nullopt when none.
    std::optional<std::string> claim(const std::string& accountId, const std::string& isoDate,
                                     int64_t amount, const std::string& currency,
                                     const std::string& normalizedName);

private:
    struct Candidates {
        std::vector<std::string> ids; // oldest created first
        size_t next = 0;              // ids before `next` are claimed
    };
    static std::string key(const std::string& accountId, const std::string& isoDate, int64_t amount,
                           const std::string& currency, const std::string& normalizedName);

    std::map<std::string, std::pair<domain::Date, domain::Date>> _ranges;
    std::unordered_map<std::string, Candidates> _byKey;
};

} // namespace finimport::app
