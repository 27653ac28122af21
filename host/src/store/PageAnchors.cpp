#include "store/PageAnchors.h"

#include <atomic>

namespace finimport::store {

namespace {
std::atomic<int64_t> gSkippedRows{0};
} // namespace

int64_t PageAnchors::seek(const std::optional<Anchor>& anchor, int64_t offset,
                          const std::string& alias, std::string& where,
                          std::vector<SqlValue>& params) {
    const int64_t skip = anchor ? offset - anchor->offset : offset;
    if (anchor) {
        // A row value: one range of the order index on both databases.
        where +=
            " AND (" + alias + ".date, " + alias + ".created_at, " + alias + ".id) <= (?, ?, ?)";
        params.insert(params.end(), anchor->key.begin(), anchor->key.end());
    }
    gSkippedRows += skip;
    return skip;
}

int64_t PageAnchors::skippedRows() {
    return gSkippedRows.load();
}

std::optional<PageAnchors::Anchor> PageAnchors::nearest(const std::string& shape,
                                                        const std::string& stamp, int64_t offset) {
    std::lock_guard lock(_mutex);
    auto it = _shapes.find(shape);
    if (it == _shapes.end() || it->second.stamp != stamp) return std::nullopt;
    _lru.splice(_lru.begin(), _lru, it->second.used);
    auto& anchors = it->second.anchors;
    auto at = anchors.upper_bound(offset);
    if (at == anchors.begin()) return std::nullopt;
    --at;
    return Anchor{at->first, at->second};
}

void PageAnchors::remember(const std::string& shape, const std::string& stamp,
                           const std::vector<Anchor>& anchors) {
    if (anchors.empty()) return;
    std::lock_guard lock(_mutex);
    auto it = _shapes.find(shape);
    if (it == _shapes.end()) {
        if (_shapes.size() >= kShapes) {
            _shapes.erase(_lru.back());
            _lru.pop_back();
        }
        _lru.push_front(shape);
        it = _shapes.emplace(shape, Shape{stamp, {}, _lru.begin()}).first;
    } else {
        _lru.splice(_lru.begin(), _lru, it->second.used);
    }
    Shape& s = it->second;
    if (s.stamp != stamp) {
        s.stamp = stamp;
        s.anchors.clear();
    }
    // The first row's key seeks nothing a page from the top would not read anyway, and would
    // make that page an anchored one (whose reads may be costlier: TransactionSearchPg.cpp).
    for (const auto& a : anchors)
        if (a.offset > 0) s.anchors[a.offset] = a.key;
    while (s.anchors.size() > kAnchorsPerShape)
        s.anchors.erase(s.anchors.begin());
}

} // namespace finimport::store
