#pragma once
// docs/decisions.md D18 duplicate probes at upload without a query per row: the existing
// transactions of an account are read one calendar month at a time (an indexed range read) and kept
// while the upload streams, so a 100k-row file over five years costs about 60 reads instead of 100k
// (issue 13: on PostgreSQL each probe was a round trip, 1k rows/s). Bounded: past kMaxEntries
// cached transactions the cache starts over (the answers stay the same, only slower).

#include "store/EntryStore.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace finimport::app {

class MonthCandidates {
public:
    struct Candidate {
        std::string id, date, currency, normalizedName;
        int64_t amount = 0;
        std::optional<std::string> externalId;
    };
    static constexpr size_t kMaxEntries = 50000;

    explicit MonthCandidates(store::EntryStore& entries) : _entries(entries) {}
    // The account's transactions in the month of `isoDate`, oldest created first.
    const std::vector<Candidate>& of(const std::string& accountId, const std::string& isoDate);

private:
    store::EntryStore& _entries;
    std::unordered_map<std::string, std::vector<Candidate>> _months; // account \x1f YYYY-MM
    size_t _cached = 0;
};

} // namespace finimport::app
