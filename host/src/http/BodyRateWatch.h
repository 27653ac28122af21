// Enforces a minimum upload rate on request bodies: after a grace period, a request whose body
// arrives slower than `minBytesPerSecond` (counted by the kernel, TCP_INFO) has its socket shut
// for reading, so the handler's next read sees the end of the body and the request is answered
// 400 instead of holding a thread for (per-read timeout x bytes). A body of known length is
// watched until all of it has arrived; a chunked one until the reader meets its last chunk.
#pragma once

#include "domain/NoCopy.h"

#include <Poco/Net/StreamSocket.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <thread>

namespace finimport::http {

class BodyRateWatch : domain::NoCopy {
public:
    // A chunked body: no length up front.
    static constexpr uint64_t kUnknownLength = UINT64_MAX;

    BodyRateWatch(uint64_t minBytesPerSecond, std::chrono::milliseconds grace);
    ~BodyRateWatch();

    // Watches the body of the request just parsed on `socket`: `length` bytes (or
    // kUnknownLength), of which `alreadyBuffered` were read with the head. Returns a ticket for
    // forget(); 0 when nothing is watched.
    uint64_t watch(const Poco::Net::StreamSocket& socket, uint64_t length,
                   uint64_t alreadyBuffered);
    void forget(uint64_t ticket);

    // Called by the body reader when the body of the request handled on this thread ends:
    // stops watching it. False when this watch cut it off (the end seen is the cut, not the
    // body's end); true otherwise, also when no body is watched on this thread.
    static bool finishBody();

private:
    struct Entry {
        Poco::Net::StreamSocket socket;
        std::chrono::steady_clock::time_point start;
        uint64_t length = 0;
        uint64_t baseline = 0; // kernel's bytes received when the head was parsed
        uint64_t buffered = 0;
    };
    void loop();
    bool finish(uint64_t ticket);

    uint64_t _minRate;
    std::chrono::milliseconds _grace;
    std::mutex _mutex;
    std::condition_variable _wake;
    bool _stopping = false;
    uint64_t _next = 1;
    std::map<uint64_t, Entry> _entries;
    std::set<uint64_t> _cut; // tickets cut off and not yet forgotten
    std::thread _thread;

    friend class WatchedBody;
};

// The body of the request handled on this thread, watched from its head until the request
// ends (RAII), and findable by BodyRateWatch::finishBody() meanwhile.
class WatchedBody : domain::NoCopy {
public:
    // `watch` may be null (no watch configured); `length` 0 means no body.
    WatchedBody(BodyRateWatch* watch, const Poco::Net::StreamSocket& socket, uint64_t length,
                uint64_t alreadyBuffered);
    ~WatchedBody();

private:
    BodyRateWatch* _watch = nullptr;
    uint64_t _ticket = 0;
};

} // namespace finimport::http
