#include "store/Time.h"

#include "domain/Uuid.h"

#include <chrono>
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
    // A v7 id whose time and 12-bit rand_a fields are the monotonic millisecond and sequence.
    return domain::newUuidV7(millis, static_cast<unsigned>(sequence));
}

} // namespace finimport::store
