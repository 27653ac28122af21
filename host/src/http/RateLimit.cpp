#include "http/RateLimit.h"

#include <algorithm>
#include <chrono>

namespace finimport::http {

std::optional<RateLimitMode> parseRateLimitMode(std::string_view text) {
    if (text == "self_hosted") return RateLimitMode::SelfHosted;
    if (text == "managed") return RateLimitMode::Managed;
    return std::nullopt;
}

RateLimitCounter::Result InMemoryRateLimitCounter::tryIncrement(const std::string& keyId,
                                                                int64_t windowStart,
                                                                int64_t limit) {
    std::lock_guard lock(_mutex);
    Window& window = _windows[keyId];
    if (window.start != windowStart) window = Window{windowStart, 0};
    if (window.count >= limit) return {false, window.count};
    ++window.count;
    return {true, window.count};
}

RateLimiter::RateLimiter(RateLimitMode mode, std::shared_ptr<RateLimitCounter> counter, Clock clock,
                         int64_t limit)
    : _mode(mode), _counter(std::move(counter)), _clock(std::move(clock)), _limit(limit) {
    if (!_counter) _counter = std::make_shared<InMemoryRateLimitCounter>();
    if (!_clock) {
        _clock = [] {
            using namespace std::chrono;
            return duration_cast<seconds>(system_clock::now().time_since_epoch()).count();
        };
    }
}

RateDecision RateLimiter::check(const std::string& keyId) {
    RateDecision decision;
    if (_mode == RateLimitMode::SelfHosted) {
        decision.headers = {{"X-RateLimit-Limit", "Infinity"},
                            {"X-RateLimit-Remaining", "Infinity"},
                            {"X-RateLimit-Reset", "0"}};
        return decision;
    }
    const int64_t now = _clock();
    // Floor to the UTC hour (also correct for negative clocks in tests).
    const int64_t offset = ((now % 3600) + 3600) % 3600;
    const int64_t windowStart = now - offset;
    decision.resetSeconds = 3600 - offset; // 1..3600
    const auto result = _counter->tryIncrement(keyId, windowStart, _limit);
    decision.allowed = result.allowed;
    decision.limit = _limit;
    decision.current = result.count;
    const int64_t remaining = result.allowed ? std::max<int64_t>(_limit - result.count, 0) : 0;
    decision.headers = {{"X-RateLimit-Limit", std::to_string(_limit)},
                        {"X-RateLimit-Remaining", std::to_string(remaining)},
                        {"X-RateLimit-Reset", std::to_string(decision.resetSeconds)}};
    if (!result.allowed) {
        decision.headers.emplace_back("Retry-After", std::to_string(decision.resetSeconds));
    }
    return decision;
}

} // namespace finimport::http
