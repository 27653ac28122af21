#include "plugin/RunBudget.h"

#include <algorithm>
#include <ctime>
#include <stdexcept>

namespace finimport::plugin {

using Clock = std::chrono::steady_clock;

Isolation isolationFromName(const std::string& name) {
    if (name == "process") return Isolation::Process;
    if (name == "inline") return Isolation::Inline;
    throw std::invalid_argument("plugins.isolation must be process or inline, got \"" + name +
                                "\"");
}

RunBudget::RunBudget(const RunPolicy& policy) : _policy(policy) {
    if (policy.timeoutSeconds > 0)
        _deadline = Clock::now() + std::chrono::seconds(policy.timeoutSeconds);
}

namespace {

// steady_clock's own clock (CLOCK_MONOTONIC) at tick resolution, a few milliseconds: the limit
// is whole seconds, and checkTime() runs once per row, where the precise clock was 6 % of a
// parse (bench/RESULTS.md).
Clock::time_point coarseNow() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return Clock::time_point(std::chrono::seconds(ts.tv_sec) +
                             std::chrono::nanoseconds(ts.tv_nsec));
}

} // namespace

std::optional<std::string> RunBudget::checkTime() const {
    if (_deadline && coarseNow() >= deadline()) return timeLimitMessage(_policy.timeoutSeconds);
    return std::nullopt;
}

std::optional<std::string> RunBudget::addOutput(uint64_t bytes) {
    _outputBytes += bytes;
    if (outputExceeded()) return outputLimitMessage(_policy.maxOutputBytes);
    return std::nullopt;
}

std::optional<std::string> RunBudget::chargeOutput(uint64_t bytes) {
    if (auto exceeded = addOutput(bytes)) return exceeded;
    return checkTime();
}

std::optional<std::string> RunBudget::rowChecks() const {
    if (rowsExceeded()) return rowLimitMessage(_policy.maxRows);
    if (outputExceeded()) return outputLimitMessage(_policy.maxOutputBytes);
    if (_rows % 64 == 0) return checkTime();
    return std::nullopt;
}

int RunBudget::remainingMs() const {
    if (!_deadline) return -1;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline() - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, 1'000'000'000));
}

namespace {

std::string exceeded(const char* limit, uint64_t value, const char* unit) {
    return std::string("The import plugin exceeded its ") + limit + " limit of " +
           std::to_string(value) + " " + unit;
}

} // namespace

std::string timeLimitMessage(uint32_t seconds) {
    return exceeded("time", seconds, "s");
}

std::string rowLimitMessage(uint64_t rows) {
    return exceeded("row", rows, "rows");
}

std::string outputLimitMessage(uint64_t bytes) {
    return exceeded("output", bytes, "bytes");
}

std::string memoryLimitMessage(uint64_t megabytes) {
    return exceeded("memory", megabytes, "MB");
}

std::string crashMessage(int signal) {
    return "The import plugin crashed (signal " + std::to_string(signal) + ")";
}

std::string exitMessage(int code) {
    return "The import plugin exited unexpectedly (status " + std::to_string(code) + ")";
}

std::string startMessage(const std::string& reason) {
    return "The import plugin could not be started: " + reason;
}

} // namespace finimport::plugin
