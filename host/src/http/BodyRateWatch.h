// Enforces a minimum upload rate on request bodies: after a grace period, a request whose body
// arrives slower than `minBytesPerSecond` (counted by the kernel, TCP_INFO) has its socket shut
// for reading, so the handler sees a truncated body and answers instead of holding a thread for
// (per-read timeout x bytes). Bodies of known length only; chunked ones are bounded by the
// per-read timeout and the body cap.
#pragma once

#include <Poco/Net/StreamSocket.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>

namespace finimport::http {

class BodyRateWatch {
public:
    BodyRateWatch(uint64_t minBytesPerSecond, std::chrono::milliseconds grace);
    ~BodyRateWatch();
    BodyRateWatch(const BodyRateWatch&) = delete;
    BodyRateWatch& operator=(const BodyRateWatch&) = delete;

    // Watches the body of the request just parsed on `socket`: `length` bytes, of which
    // `alreadyBuffered` were read with the head. Returns a ticket for forget().
    uint64_t watch(const Poco::Net::StreamSocket& socket, uint64_t length,
                   uint64_t alreadyBuffered);
    void forget(uint64_t ticket);

private:
    struct Entry {
        Poco::Net::StreamSocket socket;
        std::chrono::steady_clock::time_point start;
        uint64_t length = 0;
        uint64_t baseline = 0; // kernel's bytes received when the head was parsed
        uint64_t buffered = 0;
    };
    void loop();

    uint64_t _minRate;
    std::chrono::milliseconds _grace;
    std::mutex _mutex;
    std::condition_variable _wake;
    bool _stopping = false;
    uint64_t _next = 1;
    std::map<uint64_t, Entry> _entries;
    std::thread _thread;
};

} // namespace finimport::http
