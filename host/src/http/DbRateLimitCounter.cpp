#include "http/DbRateLimitCounter.h"

#include "store/RateLimitStore.h"

namespace finimport::http {

RateLimitCounter::Result DbRateLimitCounter::tryIncrement(const std::string& keyId,
                                                          int64_t windowStart, int64_t limit) {
    store::RateLimitHit hit;
    _db.writeBookkeeping([&](store::Tx& s) {
        hit = store::RateLimitStore(s).tryIncrement(keyId, windowStart, limit);
    });
    return {hit.allowed, hit.count};
}

} // namespace finimport::http
