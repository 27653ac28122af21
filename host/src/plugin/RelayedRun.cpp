#include "plugin/RelayedRun.h"

#include "plugin/BatchQueue.h"
#include "plugin/CallRecorder.h"
#include "plugin/CallReplayer.h"
#include "plugin/RunBudget.h"

#include <exception>
#include <system_error>
#include <thread>

namespace finimport::plugin {
namespace {

// An inline run's two halves: the plugin's side records its calls into batches (the recorder,
// over the queue), the calling thread replays them. Each thread writes its own members row after
// row: each group has cache lines of its own (sharing one, the line moved between the cores at
// every row and a run on two threads cost twice the CPU of one on one thread).
class Relay {
public:
    Relay(RunState& state, const fi_io& hostIo)
        : _state(state), _queue(state), _replayer(hostIo, state, true),
          _recorder(_queue, state.importer.policy.maxOutputBytes,
                    outputLimitMessage(state.importer.policy.maxOutputBytes)) {}

    // The fi_io the plugin gets.
    fi_io pluginIo() { return _recorder.io(); }

    // The plugin's side, once run has returned: hands over the last batch.
    void finish() noexcept { _queue.finish(_recorder.batch()); }

    // The calling thread: replays every batch until the plugin's side has finished. Rethrows
    // what went wrong in this thread (after the plugin's side is done with the shared state).
    void replayAll() {
        std::exception_ptr failure;
        calls::CallBatch batch;
        while (_queue.take(batch)) {
            // After a failure of this thread the batches are only drained, so the plugin never
            // waits for room that does not come.
            if (!failure) {
                try {
                    _replayer.replay(batch, _queue.readFailure());
                } catch (...) {
                    failure = std::current_exception();
                }
            }
            _queue.giveBack(std::move(batch), failure || _state.halted());
            batch = calls::CallBatch();
        }
        if (failure) std::rethrow_exception(failure);
    }

    // What went wrong on the plugin's side outside any call the host could be told of.
    std::exception_ptr relayFailure() const {
        return _recorder.failure() ? _recorder.failure() : _queue.lastBatchLost();
    }

private:
    RunState& _state;
    BatchQueue _queue;                         // shared, guarded inside
    alignas(64) calls::CallReplayer _replayer; // the calling thread's
    alignas(64) calls::CallRecorder _recorder; // the plugin's side from here
};

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
