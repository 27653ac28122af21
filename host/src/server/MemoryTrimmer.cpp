#include "server/MemoryTrimmer.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace finimport::server {

namespace {

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FINIMPORT_NO_TRIM 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FINIMPORT_NO_TRIM 1
#endif

} // namespace

MemoryTrimmer::MemoryTrimmer(std::chrono::milliseconds interval) : _interval(interval) {
    if (_interval.count() > 0) _thread = std::thread([this] { loop(); });
}

MemoryTrimmer::~MemoryTrimmer() {
    {
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    _wake.notify_all();
    if (_thread.joinable()) _thread.join();
}

bool MemoryTrimmer::trimNow() {
#if defined(__GLIBC__) && !defined(FINIMPORT_NO_TRIM)
    // Every arena, not only the main one: also the free chunks inside a heap, not only its top.
    return malloc_trim(0) == 1;
#else
    return false;
#endif
}

void MemoryTrimmer::loop() {
    std::unique_lock lock(_mutex);
    while (!_wake.wait_for(lock, _interval, [this] { return _stopping; })) {
        lock.unlock();
        trimNow();
        lock.lock();
    }
}

} // namespace finimport::server
