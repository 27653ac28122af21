#pragma once
// What /metrics reads about imports: counts by status, and one import's outcome after its job.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace Poco::Data {
class Session;
}

namespace finimport::store {

struct ImportOutcome {
    std::string status;
    int64_t rowsCount = 0;
};

// The import's status and rows_count; nullopt when it does not exist.
std::optional<ImportOutcome> importOutcome(Poco::Data::Session& s, const std::string& importId);
// (status, number of imports) over every family, ordered by status.
std::vector<std::pair<std::string, int64_t>> importCountsByStatus(Poco::Data::Session& s);

} // namespace finimport::store
