#include "http/Pagination.h"

#include <limits>

namespace finimport::http {

int64_t leadingInteger(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size() && (text[pos] == ' ' || (text[pos] >= '\t' && text[pos] <= '\r'))) {
        ++pos;
    }
    bool negative = false;
    if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        negative = text[pos] == '-';
        ++pos;
    }
    constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
    int64_t value = 0;
    for (; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos) {
        const int digit = text[pos] - '0';
        value = value > (kMax - digit) / 10 ? kMax : value * 10 + digit;
    }
    return negative ? -value : value;
}

Pagination paginate(const std::optional<std::string>& page,
                    const std::optional<std::string>& perPage, int64_t totalCount,
                    PerPageRule rule) {
    Pagination p;
    p.totalCount = totalCount < 0 ? 0 : totalCount;
    const int64_t requestedPerPage = perPage ? leadingInteger(*perPage) : 0;
    if (requestedPerPage <= 0)
        p.perPage = rule.defaultValue;
    else if (requestedPerPage > rule.max)
        p.perPage = rule.overflow;
    else
        p.perPage = requestedPerPage;

    p.totalPages = (p.totalCount + p.perPage - 1) / p.perPage;
    if (p.totalPages < 1) p.totalPages = 1;

    const int64_t requestedPage = page ? leadingInteger(*page) : 0;
    p.page = requestedPage <= 0 ? 1 : requestedPage;
    if (p.page > p.totalPages) p.page = p.totalPages; // past the end: serve the last page
    p.offset = (p.page - 1) * p.perPage;
    return p;
}

} // namespace finimport::http
