#pragma once
// Where the pages of a listing begin, remembered so that a deep page seeks instead of skipping
// (docs/decisions.md D215). A listing ordered by a unique sort key (transactions: date,
// created_at, id, all descending) reads page N from the index as "key <= the key of the row at
// offset A, skip N*per_page - A": each page served records the key of its first row and of the
// row after it, so the next page (and the same page again) skips nothing. Anchors are kept per
// query shape (the normalized filters, not the page parameters: any per_page shares them) and
// per stamp of the data (store/ReadStamps.h): a write between two pages makes every anchor of
// the older data useless, never wrong. Bounded: kShapes shapes (least recently used first out),
// kAnchorsPerShape anchors each (the shallowest first out: near the start OFFSET costs little).

#include "store/SqlRow.h"

#include <cstdint>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace finimport::store {

class PageAnchors {
public:
    static constexpr size_t kShapes = 512;
    static constexpr size_t kAnchorsPerShape = 256;

    struct Anchor {
        int64_t offset = 0;        // the row's place in the listing (0: the first row)
        std::vector<SqlValue> key; // its sort key, in the listing's ORDER BY order
    };

    // For a listing ordered by (date, created_at, id) descending of the table aliased `alias`:
    // appends to `where` the seek from `anchor` (when there is one) and returns the rows the
    // page still skips with OFFSET (counted in skippedRows()).
    static int64_t seek(const std::optional<Anchor>& anchor, int64_t offset,
                        const std::string& alias, std::string& where,
                        std::vector<SqlValue>& params);
    // Rows the pages of this process skipped with OFFSET so far (tests: a page read after the
    // one before it skips none).
    static int64_t skippedRows();

    // The anchor of `shape` at data `stamp` with the largest offset <= `offset`, if any.
    std::optional<Anchor> nearest(const std::string& shape, const std::string& stamp,
                                  int64_t offset);
    // Records anchors read at data `stamp` (the caller checked that the data did not change
    // during the read), but not one at offset 0. A new stamp drops the shape's older anchors.
    void remember(const std::string& shape, const std::string& stamp,
                  const std::vector<Anchor>& anchors);

private:
    struct Shape {
        std::string stamp;
        std::map<int64_t, std::vector<SqlValue>> anchors;
        std::list<std::string>::iterator used; // its place in _lru
    };
    std::mutex _mutex;
    std::unordered_map<std::string, Shape> _shapes;
    std::list<std::string> _lru; // most recently used first
};

} // namespace finimport::store
