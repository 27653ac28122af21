#pragma once
// Serialized bodies of the hot list pages (GET /api/v1/balances and /trades, docs/api.md §9),
// each kept with the store::ReadStamps stamp taken before it was built. A request whose
// inputs (family, filters, page parameters) and current stamp match an entry gets the same
// bytes without the count, the page query and the JSON rendering; any committed change gives
// a new stamp, so an entry is never served after the data it shows changed.

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace finimport::http {

class PageCache {
public:
    explicit PageCache(std::size_t maxBytes = kDefaultMaxBytes) : _maxBytes(maxBytes) {}

    // The body stored under `key` with exactly `stamp`, or null. The body is shared, not
    // copied: a hit costs no allocation of its size.
    std::shared_ptr<const std::string> find(const std::string& key, const std::string& stamp);
    // Keeps `body` for `key` (replacing an older entry). When the bodies would exceed the
    // byte budget the cache starts over (pages of many distinct filters).
    void store(const std::string& key, const std::string& stamp,
               std::shared_ptr<const std::string> body);

    static constexpr std::size_t kDefaultMaxBytes = 32u << 20;

private:
    struct Entry {
        std::string stamp;
        std::shared_ptr<const std::string> body;
    };
    std::mutex _mutex;
    std::unordered_map<std::string, Entry> _entries;
    std::size_t _bytes = 0, _maxBytes;
};

} // namespace finimport::http
