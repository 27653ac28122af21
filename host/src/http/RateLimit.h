#pragma once
// Per-key rate limiting (docs/api.md §4, docs/decisions.md D33). The counter is an interface so a
// database-backed one can replace the in-memory default; the clock is injectable for tests.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "http/Url.h"

namespace finimport::http {

enum class RateLimitMode { SelfHosted, Managed };

// "self_hosted" / "managed"; nullopt for anything else.
std::optional<RateLimitMode> parseRateLimitMode(std::string_view text);

class RateLimitCounter {
public:
    struct Result {
        bool allowed = false;
        int64_t count = 0; // after the increment when allowed; the stored count when refused
    };
    virtual ~RateLimitCounter() = default;
    // Atomically: if the key's count in `windowStart` is >= limit, refuse without counting;
    // otherwise increment it. `windowStart` is epoch seconds of the UTC hour.
    virtual Result tryIncrement(const std::string& keyId, int64_t windowStart, int64_t limit) = 0;
};

class InMemoryRateLimitCounter : public RateLimitCounter {
public:
    Result tryIncrement(const std::string& keyId, int64_t windowStart, int64_t limit) override;

private:
    struct Window {
        int64_t start = 0;
        int64_t count = 0;
    };
    std::mutex _mutex;
    std::map<std::string, Window> _windows; // one live window per key; older ones are reset
};

struct RateDecision {
    bool allowed = true;
    NameValueList headers; // X-RateLimit-* (and Retry-After when refused)
    int64_t limit = 0;     // managed mode only
    int64_t current = 0;
    int64_t resetSeconds = 0;
};

class RateLimiter {
public:
    using Clock = std::function<int64_t()>; // epoch seconds, UTC
    static constexpr int64_t kManagedLimit = 100;

    RateLimiter(RateLimitMode mode, std::shared_ptr<RateLimitCounter> counter = nullptr,
                Clock clock = nullptr, int64_t limit = kManagedLimit);

    // Called once per authenticated request; counts it when allowed (managed mode).
    RateDecision check(const std::string& keyId);
    RateLimitMode mode() const { return _mode; }

private:
    RateLimitMode _mode;
    std::shared_ptr<RateLimitCounter> _counter;
    Clock _clock;
    int64_t _limit;
};

} // namespace finimport::http
