#pragma once
// Managed-mode rate-limit counters shared by every instance (`rate_limit_counters`).

#include "store/Tx.h"

#include <cstdint>
#include <string>

namespace finimport::store {

struct RateLimitHit {
    bool allowed = false;
    int64_t count = 0; // after the increment when allowed; the stored count when refused
};

class RateLimitStore {
public:
    explicit RateLimitStore(Tx& s) : _s(s) {}
    // One atomic upsert: counts the request unless the window already holds `limit`.
    RateLimitHit tryIncrement(const std::string& keyId, int64_t windowStart, int64_t limit);

private:
    Tx& _s;
};

} // namespace finimport::store
