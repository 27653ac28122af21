#include "plugin/RelayedRun.h"

#include "plugin/CallRecorder.h"
#include "plugin/CallReplayer.h"
#include "plugin/RunBudget.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace finimport::plugin {
namespace {

using calls::CallBatch;
using calls::CallRecorder;
using calls::Halt;

// The state both threads share: the plugin's side records its calls into batches (the
// recorder, through this link), the calling thread replays them. Everything below the mutex is
// guarded by it; the plugin's side owns the recorder and `_readFailure` alone.
class Relay : public calls::CallLink {
public:
    Relay(RunState& state, const fi_io& hostIo)
        : _state(state), _replayer(hostIo, state, true),
          _recorder(*this, state.importer.policy.maxOutputBytes,
                    outputLimitMessage(state.importer.policy.maxOutputBytes)) {}

    // The fi_io the plugin gets.
    fi_io pluginIo() { return _recorder.io(); }

    // The plugin's side, once run has returned: hands over the last batch.
    void finish() noexcept;
    // The calling thread: replays every batch until the plugin's side has finished. Rethrows what
    // went wrong in this thread (after the plugin's side is done with the shared state).
    void replayAll();
    // What went wrong on the plugin's side outside any call the host could be told of.
    std::exception_ptr relayFailure() const {
        return _recorder.failure() ? _recorder.failure() : _lastBatchLost;
    }

    // calls::CallLink, on the plugin's side.
    void handOver(CallBatch& batch) override;
    // Hands the batch over and waits until the host has replayed it: the plugin then gets the
    // host's own answer (a header the sink refuses, e.g. of 65,536 columns, stops the plugin
    // before it works on it).
    void awaitAnswer(CallBatch& batch) override;
    int64_t read(CallRecorder& recorder, char* buffer, std::size_t capacity) override;
    bool stopped() const override { return _stop.load(std::memory_order_relaxed); }

private:
    RunState& _state; // the plugin's side reads only `read` and the budget's clock
    // Each thread writes its own members row after row: each group has cache lines of its own
    // (sharing one, the line moved between the cores at every row and a run on two threads
    // cost twice the CPU of one on one thread).
    alignas(64) calls::CallReplayer _replayer; // the calling thread's
    alignas(64) CallRecorder _recorder;        // the plugin's side from here
    std::exception_ptr _readFailure;           // what the failed read threw (Halt::Exception)
    std::exception_ptr _lastBatchLost;         // finish() could not queue the last batch
    // Shared: written once a batch.
    alignas(64) std::atomic<bool> _stop{false}; // the host stopped the run: refuse the calls

    std::mutex _mutex;
    std::condition_variable _changed;
    std::deque<CallBatch> _queue;  // handed over, not yet replayed
    std::vector<CallBatch> _spare; // replayed, to be filled again
    bool _finished = false;        // the last batch is in the queue
    uint64_t _handedOver = 0;      // batches handed over so far
    uint64_t _replayed = 0;        // of which replayed
};

void Relay::handOver(CallBatch& batch) {
    std::unique_lock lock(_mutex);
    _changed.wait(lock, [&] { return _queue.size() < kMaxQueuedBatches; });
    _queue.push_back(std::move(batch));
    ++_handedOver;
    batch = CallBatch();
    if (!_spare.empty()) {
        batch = std::move(_spare.back());
        _spare.pop_back();
    }
    batch.clear();
    _changed.notify_all();
}

void Relay::awaitAnswer(CallBatch& batch) {
    handOver(batch);
    std::unique_lock lock(_mutex);
    const uint64_t mine = _handedOver;
    _changed.wait(lock, [&] { return _replayed >= mine; });
}

void Relay::finish() noexcept {
    std::unique_lock lock(_mutex);
    _changed.wait(lock, [&] { return _queue.size() < kMaxQueuedBatches; });
    try {
        _queue.push_back(std::move(_recorder.batch()));
    } catch (...) { // the calls of the last batch are lost: the run fails with the reason
        if (!_lastBatchLost) _lastBatchLost = std::current_exception();
    }
    _finished = true;
    _changed.notify_all();
}

void Relay::replayAll() {
    std::exception_ptr failure;
    for (;;) {
        CallBatch batch;
        {
            std::unique_lock lock(_mutex);
            _changed.wait(lock, [&] { return !_queue.empty() || _finished; });
            if (_queue.empty()) break;
            batch = std::move(_queue.front());
            _queue.pop_front();
            _changed.notify_all();
        }
        // After a failure of this thread the batches are only drained, so the plugin never
        // waits for room that does not come.
        if (!failure) {
            try {
                _replayer.replay(batch, _readFailure);
            } catch (...) {
                failure = std::current_exception();
            }
        }
        if (failure || _state.halted()) _stop.store(true, std::memory_order_relaxed);
        std::lock_guard lock(_mutex);
        _spare.push_back(std::move(batch));
        ++_replayed;
        _changed.notify_all();
    }
    if (failure) std::rethrow_exception(failure);
}

// What readInputUnguarded (RunCallbacks.cpp) does, on the plugin's thread: its refusals reach
// the host as halts, in call order.
int64_t Relay::read(CallRecorder& recorder, char* buffer, std::size_t capacity) {
    if (!buffer && capacity > 0) {
        recorder.halt(Halt::Violation, "read() passed a NULL buffer");
        return -1;
    }
    if (auto late = _state.budget.checkTime()) {
        recorder.halt(Halt::Limit, *late);
        return -1;
    }
    if (!_state.read || capacity == 0) return 0;
    try {
        const int64_t count = _state.read(buffer, capacity);
        if (count < 0) return -1;
        if (static_cast<uint64_t>(count) > capacity)
            throw std::logic_error("the input reader returned more bytes than asked for");
        return count;
    } catch (...) {
        _readFailure = std::current_exception();
        recorder.halt(Halt::Exception, "the input reader failed");
        return -1;
    }
}

} // namespace

void runRelayed(const std::function<void(const fi_io&)>& run, const fi_io& io, RunState& state) {
    Relay relay(state, io);
    const fi_io pluginIo = relay.pluginIo();
    std::thread plugin;
    try {
        plugin = std::thread([&] {
            run(pluginIo);
            relay.finish();
        });
    } catch (const std::system_error&) {
        run(io); // no thread to be had (a thread limit): the run on this one
        return;
    }
    try {
        relay.replayAll();
    } catch (...) {
        plugin.join();
        throw;
    }
    plugin.join();
    if (relay.relayFailure() && !state.hostException) state.hostException = relay.relayFailure();
}

} // namespace finimport::plugin
