// The bounded queue between an inline run's two threads (plugin/RelayedRun.h). The plugin's side
// is a calls::CallLink: its recorder hands full batches in, and its read() is served here. The
// calling thread takes the batches out in order, replays them, and gives each emptied batch back
// to be filled again. A batch crosses this file once: in on the plugin's thread, out on the
// calling thread.
//
// Memory stays bounded: at most kMaxQueuedBatches batches of about CallRecorder::kBatchBytes
// wait; the plugin's side waits for room.
#pragma once

#include "plugin/CallRecorder.h"
#include "plugin/RunState.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <vector>

namespace finimport::plugin {

inline constexpr std::size_t kMaxQueuedBatches = 4; // the plugin waits while this many wait

class BatchQueue : public calls::CallLink {
public:
    explicit BatchQueue(RunState& state) : _state(state) {}

    // The plugin's side (calls::CallLink).
    void handOver(calls::CallBatch& batch) override;
    // Hands the batch over and waits until the calling thread has replayed it: the plugin then
    // gets the host's own answer (a header the sink refuses, e.g. of 65,536 columns, stops the
    // plugin before it works on it).
    void awaitAnswer(calls::CallBatch& batch) override;
    // What readInputUnguarded (RunCallbacks.cpp) does, on the plugin's thread: its refusals
    // reach the host as halts, in call order.
    int64_t read(calls::CallRecorder& recorder, char* buffer, std::size_t capacity) override;
    bool stopped() const override { return _stop.load(std::memory_order_relaxed); }
    // Once run has returned: hands over the last batch and closes the queue.
    void finish(calls::CallBatch& last) noexcept;
    // What finish() could not queue (the last batch's calls are lost), or null.
    std::exception_ptr lastBatchLost() const { return _lastBatchLost; }
    // What the failed read threw (the replayer rethrows it at the halt), or null.
    std::exception_ptr& readFailure() { return _readFailure; }

    // The calling thread: waits for the next batch; false once the queue is closed and empty.
    bool take(calls::CallBatch& batch);
    // The calling thread: the replayed batch, to be filled again; `stop` refuses the plugin's
    // calls from now on (the host failed or halted the run).
    void giveBack(calls::CallBatch&& batch, bool stop);

private:
    RunState& _state;                  // the plugin's side reads only `read` and the budget's clock
    std::exception_ptr _readFailure;   // the plugin's side writes it before the halting batch
    std::exception_ptr _lastBatchLost; // finish() could not queue the last batch
    alignas(64) std::atomic<bool> _stop{false}; // written once a batch by the calling thread

    // Everything below is guarded by the mutex.
    std::mutex _mutex;
    std::condition_variable _changed;
    std::deque<calls::CallBatch> _queue;  // handed over, not yet replayed
    std::vector<calls::CallBatch> _spare; // replayed, to be filled again
    bool _finished = false;               // the last batch is in the queue
    uint64_t _handedOver = 0;             // batches handed over so far
    uint64_t _replayed = 0;               // of which replayed
};

} // namespace finimport::plugin
