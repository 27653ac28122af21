#pragma once
// Page/per_page handling of the list endpoints (docs/api.md §9.1, §12, §10 change 5).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::http {

// Ruby's String#to_i: optional leading whitespace and sign, then the leading digits;
// 0 when there are none ("2.7" -> 2, "abc" -> 0). Saturates instead of overflowing.
int64_t leadingInteger(std::string_view text);

struct PerPageRule {
    int64_t defaultValue = 25; // for <= 0 or non-numeric
    int64_t max = 100;         // 1..max as given
    int64_t overflow = 100;    // for > max (docs/api.md §10 change 5: 100 on every list)
};

struct Pagination {
    int64_t page = 1; // the page actually served (clamped to the last page)
    int64_t perPage = 25;
    int64_t offset = 0;     // rows to skip
    int64_t totalPages = 1; // max(ceil(total / perPage), 1)
    int64_t totalCount = 0;
};

Pagination paginate(const std::optional<std::string>& page,
                    const std::optional<std::string>& perPage, int64_t totalCount,
                    PerPageRule rule = {});

} // namespace finimport::http
