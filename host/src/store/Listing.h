#pragma once
// A paged listing of the read API (docs/read-api.md §1.6): the count of a filter's rows and one
// page of them. A list handler reads both, the count first (it places the page).

#include <cstdint>
#include <vector>

namespace finimport::store {

class Database;

template <class Filter, class View> struct Listing {
    int64_t (*count)(Database& db, const Filter& filter);
    std::vector<View> (*page)(Database& db, const Filter& filter, int64_t limit, int64_t offset);
};

} // namespace finimport::store
