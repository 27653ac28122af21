#pragma once
// What /metrics reads about imports: counts by status, and one import's outcome after its job.

#include "store/Tx.h"
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace finimport::store {

struct ImportOutcome {
    std::string status;
    int64_t rowsCount = 0;
};

// The import's status and rows_count; nullopt when it does not exist.
std::optional<ImportOutcome> importOutcome(Tx& s, const std::string& importId);
// (status, number of imports) over every family, ordered by status.
std::vector<std::pair<std::string, int64_t>> importCountsByStatus(Tx& s);

} // namespace finimport::store
