#include "store/Time.h"

#include "domain/Uuid.h"

#include <chrono>

namespace finimport::store {

int64_t nowMicros() {
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

std::string newUuid() {
    return domain::newUuidV7();
}

} // namespace finimport::store
