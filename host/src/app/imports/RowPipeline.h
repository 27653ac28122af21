#pragma once
// The storing end of an upload's one run pipeline (docs/architecture.md): the thread that
// replays the plugin's calls (the request's, which holds the write transaction) hands each row the
// sink finishes straight to `consume`, which stores it. No queue and no thread of its own: the
// plugin's side waits for the store through the relay's bounded queue (plugin/BatchQueue.h) or the
// sandbox's socket (plugin/SandboxRun.h). docs/decisions.md D81: the time a row takes to store is
// the host's, not the plugin's (it moves the plugin's deadline, plugin/HostStall.h); a store that
// takes more than maxHostStall in all fails the upload with the host's own error (HostTooSlow).

#include "app/imports/RowCollector.h"

#include <chrono>
#include <functional>
#include <stdexcept>

namespace finimport::app {

class RowPipeline {
public:
    static constexpr std::chrono::seconds kMaxHostStall{600};

    explicit RowPipeline(std::function<void(CollectedRow&&)> consume,
                         std::chrono::steady_clock::duration maxHostStall = kMaxHostStall)
        : _consume(std::move(consume)), _maxHostStall(maxHostStall) {}

    // Stores one row on this thread. Rethrows what `consume` threw; throws HostTooSlow once
    // storing has taken more than maxHostStall in all.
    void push(CollectedRow&& row);

    // Thrown when the store kept the plugin waiting longer than maxHostStall in all.
    struct HostTooSlow : std::runtime_error {
        using std::runtime_error::runtime_error;
    };
    // Time spent storing rows so far.
    std::chrono::steady_clock::duration hostStalled() const { return _stalled; }

private:
    std::function<void(CollectedRow&&)> _consume;
    std::chrono::steady_clock::duration _maxHostStall;
    std::chrono::steady_clock::duration _stalled{};
};

} // namespace finimport::app
