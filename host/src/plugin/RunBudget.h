// The budgets of one run (deadline, rows, output bytes) and the sentences a user reads when the
// plugin exceeds one or dies in its sandbox.
#pragma once

#include "plugin/RunPolicy.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace finimport::plugin {

class RunBudget {
public:
    explicit RunBudget(const RunPolicy& policy);
    // nullopt while within budget, else the message of the first budget exceeded.
    std::optional<std::string> checkTime() const;
    std::optional<std::string> chargeOutput(uint64_t bytes);
    // Counts one row of `bytes`: inline, since it runs for every row; the limits' messages and
    // the clock (every 64 rows: a row costs well under a microsecond, the limit is whole
    // seconds) are out of line.
    std::optional<std::string> chargeRow(uint64_t bytes) {
        ++_rows;
        _outputBytes += bytes;
        if (rowsExceeded() || outputExceeded() || _rows % 64 == 0) [[unlikely]]
            return rowChecks();
        return std::nullopt;
    }
    // Time left before the deadline, in milliseconds (-1: no deadline; 0: passed).
    int remainingMs() const;
    // docs/decisions.md D81: the host kept the run waiting (plugin/HostStall.h); the deadline
    // moves by that much. Any thread (the plugin's side of a relayed run reads the clock).
    void addHostStall(std::chrono::steady_clock::duration waited) {
        _stalledNs.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(waited).count(),
                             std::memory_order_relaxed);
    }
    std::chrono::nanoseconds hostStalled() const {
        return std::chrono::nanoseconds(_stalledNs.load(std::memory_order_relaxed));
    }

private:
    // The row and output limits (0: none), each crossed once the count passes it.
    bool rowsExceeded() const { return _policy.maxRows > 0 && _rows > _policy.maxRows; }
    bool outputExceeded() const {
        return _policy.maxOutputBytes > 0 && _outputBytes > _policy.maxOutputBytes;
    }
    // Counts output bytes; the output limit's message once they pass it (no clock read).
    std::optional<std::string> addOutput(uint64_t bytes);
    // chargeRow's checks, once its row is counted: the row limit, the output limit, the clock.
    std::optional<std::string> rowChecks() const;
    // The deadline, moved by the host's stalls.
    std::chrono::steady_clock::time_point deadline() const {
        return *_deadline +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(hostStalled());
    }

    const RunPolicy& _policy;
    std::optional<std::chrono::steady_clock::time_point> _deadline;
    uint64_t _rows = 0;
    uint64_t _outputBytes = 0;
    std::atomic<int64_t> _stalledNs{0};
};

std::string timeLimitMessage(uint32_t seconds);
std::string rowLimitMessage(uint64_t rows);
std::string outputLimitMessage(uint64_t bytes);
std::string memoryLimitMessage(uint64_t megabytes);
std::string crashMessage(int signal);
std::string exitMessage(int code);
std::string startMessage(const std::string& reason);

} // namespace finimport::plugin
