#include "store/Time.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>

namespace finimport::store {

int64_t nowMicros() {
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

std::string newUuid() {
    thread_local std::mt19937_64 rng{std::random_device{}()};
    uint64_t hi = rng(), lo = rng();
    hi = (hi & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;
    lo = (lo & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", unsigned(hi >> 32),
                  unsigned((hi >> 16) & 0xFFFF), unsigned(hi & 0xFFFF), unsigned(lo >> 48),
                  static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
    return buf;
}

std::string newOrderedUuid() {
    static std::mutex mutex;
    static uint64_t lastMillis = 0, counter = 0;
    thread_local std::mt19937_64 rng{std::random_device{}()};
    uint64_t millis = static_cast<uint64_t>(nowMicros() / 1000), sequence;
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (millis <= lastMillis) {
            millis = lastMillis; // same (or an earlier, clock stepped back) millisecond
            if (++counter > 0xFFF) {
                counter = 0;
                ++millis;
            }
        } else {
            counter = 0;
        }
        lastMillis = millis;
        sequence = counter;
    }
    uint64_t hi = (millis << 16) | 0x7000ULL | sequence;
    uint64_t lo = (rng() & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", unsigned(hi >> 32),
                  unsigned((hi >> 16) & 0xFFFF), unsigned(hi & 0xFFFF), unsigned(lo >> 48),
                  static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
    return buf;
}

} // namespace finimport::store
