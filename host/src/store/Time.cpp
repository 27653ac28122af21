#include "store/Time.h"

#include "domain/Uuid.h"

#include <chrono>
#include <cstdio>
#include <mutex>

namespace finimport::store {

int64_t nowMicros() {
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

std::string newUuid() {
    return domain::newUuidV7();
}

std::string newOrderedUuid() {
    static std::mutex mutex;
    static uint64_t lastMillis = 0, counter = 0;
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
    // A v7 id with CSPRNG bits (domain::newUuidV7); its time and 12-bit rand_a fields are
    // replaced by the monotonic millisecond and sequence.
    std::string id = domain::newUuidV7();
    char head[20];
    std::snprintf(head, sizeof head, "%08x-%04x-7%03x", unsigned(millis >> 16),
                  unsigned(millis & 0xFFFF), unsigned(sequence));
    id.replace(0, 18, head);
    return id;
}

} // namespace finimport::store
