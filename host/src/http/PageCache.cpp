#include "http/PageCache.h"

namespace finimport::http {

std::shared_ptr<const std::string> PageCache::find(const std::string& key,
                                                   const std::string& stamp) {
    std::lock_guard lock(_mutex);
    auto it = _entries.find(key);
    if (it == _entries.end() || it->second.stamp != stamp) return nullptr;
    return it->second.body;
}

void PageCache::store(const std::string& key, const std::string& stamp,
                      std::shared_ptr<const std::string> body) {
    const std::size_t size = key.size() + stamp.size() + body->size();
    if (size > _maxBytes) return;
    std::lock_guard lock(_mutex);
    if (auto it = _entries.find(key); it != _entries.end()) {
        _bytes -= key.size() + it->second.stamp.size() + it->second.body->size();
        _entries.erase(it);
    }
    if (_bytes + size > _maxBytes) {
        _entries.clear();
        _bytes = 0;
    }
    _entries.emplace(key, Entry{stamp, std::move(body)});
    _bytes += size;
}

} // namespace finimport::http
