#include "plugin/RelayedRun.h"

#include "plugin/RelayCalls.h"
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

using relay::CallBatch;
using relay::Halt;

// The state both threads share: the plugin's side fills batches, the calling thread replays
// them. Everything below the mutex is guarded by it; the plugin's side owns `_filling`,
// `_encoder` and `_halted` alone.
class Relay {
public:
    Relay(RunState& state, const fi_io& hostIo)
        : _state(state), _replayer(hostIo, state), _encoder(state.importer.policy.maxOutputBytes) {}

    // The fi_io the plugin gets: every callback lands in the plugin-side members below.
    fi_io pluginIo();

    // The plugin's side, once run has returned: hands over the last batch.
    void finish() noexcept;
    // The calling thread: replays every batch until the plugin's side has finished. Rethrows what
    // went wrong in this thread (after the plugin's side is done with the shared state).
    void replayAll();
    // What went wrong on the plugin's side outside any call the host could be told of (an
    // allocation failure while copying a call).
    std::exception_ptr relayFailure() const { return _relayFailure; }

private:
    // The plugin's side.
    bool refusing() const { return _halted || _stop.load(std::memory_order_relaxed); }
    void handOver();
    // Hands the batch over and waits until the host has replayed it: the plugin then gets the
    // host's own answer (a header the sink refuses, e.g. of 65,536 columns, stops the plugin
    // before it works on it).
    void handOverAndWait();
    // The first row of a kind waits for the host's answer too: a sink that refuses a header
    // row (too many columns) stops the plugin there, as on one thread.
    void answerFirstRow() {
        if (!_firstRowOfKind) return;
        _firstRowOfKind = false;
        handOverAndWait();
    }
    void flushWhenFull() {
        if (_filling.size() >= kBatchBytes) handOver();
    }
    // Ends the run from the plugin's side, in call order (the host learns it at replay).
    void halt(Halt how, const std::string& message) {
        _encoder.halt(_filling, how, message);
        _halted = true;
    }
    // A call alone bigger than the whole output budget (CallEncoder refused to copy it).
    void haltOverBudget() {
        halt(Halt::Limit, outputLimitMessage(_state.importer.policy.maxOutputBytes));
    }
    // What a call the plugin awaits an answer to returns: 0 to go on, 1 to stop.
    int32_t answer(bool sent) const { return sent && !refusing() ? 0 : 1; }
    int64_t read(char* buffer, std::size_t capacity);
    // Runs one encoding; a failure there is kept for the host and refuses the rest of the run.
    template <typename Encode> bool encode(Encode&& encodeCall) noexcept;

    static Relay& of(void* host) { return *static_cast<Relay*>(host); }
    static int64_t readCall(void* host, char* buffer, size_t capacity) noexcept;
    static int32_t beginCall(void* host, const char* kind, const char* const* names,
                             size_t count) noexcept;
    // row() and row_sized() (`sized`).
    static int32_t anyRowCall(void* host, const char* const* values, const size_t* sizes,
                              size_t count, const fi_location* location, bool sized) noexcept;
    static int32_t rowCall(void* host, const char* const* values, size_t count,
                           const fi_location* location) noexcept;
    static int32_t rowSizedCall(void* host, const char* const* values, const size_t* sizes,
                                size_t count, const fi_location* location) noexcept;
    static int32_t rowErrorCall(void* host, const char* code, const fi_location* location,
                                const char* field, const char* message, const char* raw) noexcept;
    static void setErrorCall(void* host, const char* message) noexcept;
    static void logCall(void* host, int32_t level, const char* message) noexcept;
    static void failCall(void* host, const char* code, const char* message) noexcept;

    RunState& _state; // the plugin's side reads only `read` and the budget's clock
    // Each thread writes its own members row after row: each group has cache lines of its own
    // (sharing one, the line moved between the cores at every row and a run on two threads
    // cost twice the CPU of one on one thread).
    alignas(64) relay::CallReplayer _replayer; // the calling thread's
    alignas(64) relay::CallEncoder _encoder;   // the plugin's side from here
    CallBatch _filling;                        // the batch the plugin's calls go into
    bool _halted = false;                      // the plugin's side ended the run (a read failed)
    bool _firstRowOfKind = false;              // the next row is the first after a begin()
    std::exception_ptr _readFailure;           // what the failed read threw (Halt::Exception)
    std::exception_ptr _relayFailure;          // see relayFailure()
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

void Relay::handOver() {
    std::unique_lock lock(_mutex);
    _changed.wait(lock, [&] { return _queue.size() < kMaxQueuedBatches; });
    _queue.push_back(std::move(_filling));
    ++_handedOver;
    _filling = CallBatch();
    if (!_spare.empty()) {
        _filling = std::move(_spare.back());
        _spare.pop_back();
    }
    _filling.clear();
    _changed.notify_all();
}

void Relay::handOverAndWait() {
    handOver();
    std::unique_lock lock(_mutex);
    const uint64_t mine = _handedOver;
    _changed.wait(lock, [&] { return _replayed >= mine; });
}

void Relay::finish() noexcept {
    std::unique_lock lock(_mutex);
    _changed.wait(lock, [&] { return _queue.size() < kMaxQueuedBatches; });
    try {
        _queue.push_back(std::move(_filling));
    } catch (...) { // the calls of the last batch are lost: the run fails with the reason
        if (!_relayFailure) _relayFailure = std::current_exception();
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

template <typename Encode> bool Relay::encode(Encode&& encodeCall) noexcept {
    try {
        encodeCall();
        flushWhenFull();
        return true;
    } catch (...) {
        if (!_relayFailure) _relayFailure = std::current_exception();
        _halted = true;
        return false;
    }
}

// What readInputUnguarded (RunCallbacks.cpp) does, on the plugin's thread: its refusals reach
// the host as halts, in call order.
int64_t Relay::read(char* buffer, std::size_t capacity) {
    if (refusing()) return -1;
    if (!buffer && capacity > 0) {
        halt(Halt::Violation, "read() passed a NULL buffer");
        return -1;
    }
    if (auto late = _state.budget.checkTime()) {
        halt(Halt::Limit, *late);
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
        halt(Halt::Exception, "the input reader failed");
        return -1;
    }
}

int64_t Relay::readCall(void* host, char* buffer, size_t capacity) noexcept {
    Relay& relay = of(host);
    int64_t count = -1;
    if (!relay.encode([&] { count = relay.read(buffer, capacity); })) return -1;
    return count;
}

int32_t Relay::beginCall(void* host, const char* kind, const char* const* names,
                         size_t count) noexcept {
    Relay& relay = of(host);
    if (relay.refusing()) return 1;
    const bool sent = relay.encode([&] {
        relay._encoder.begin(relay._filling, kind, names, count);
        relay.handOverAndWait();
        relay._firstRowOfKind = true;
    });
    return relay.answer(sent);
}

int32_t Relay::anyRowCall(void* host, const char* const* values, const size_t* sizes, size_t count,
                          const fi_location* location, bool sized) noexcept {
    Relay& relay = of(host);
    if (relay.refusing()) return 1;
    const bool sent = relay.encode([&] {
        if (!relay._encoder.row(relay._filling, values, sizes, count, location, sized))
            relay.haltOverBudget();
        relay.answerFirstRow();
    });
    return relay.answer(sent);
}

int32_t Relay::rowSizedCall(void* host, const char* const* values, const size_t* sizes,
                            size_t count, const fi_location* location) noexcept {
    return anyRowCall(host, values, sizes, count, location, true);
}

int32_t Relay::rowCall(void* host, const char* const* values, size_t count,
                       const fi_location* location) noexcept {
    return anyRowCall(host, values, nullptr, count, location, false);
}

int32_t Relay::rowErrorCall(void* host, const char* code, const fi_location* location,
                            const char* field, const char* message, const char* raw) noexcept {
    Relay& relay = of(host);
    if (relay.refusing()) return 1;
    const bool sent = relay.encode([&] {
        if (!relay._encoder.rowError(relay._filling, code, location, field, message, raw))
            relay.haltOverBudget();
    });
    return relay.answer(sent);
}

void Relay::setErrorCall(void* host, const char* message) noexcept {
    Relay& relay = of(host);
    if (relay.refusing()) return; // ignored by a halted host
    relay.encode([&] { relay._encoder.setError(relay._filling, message); });
}

void Relay::failCall(void* host, const char* code, const char* message) noexcept {
    Relay& relay = of(host);
    if (relay.refusing()) return; // ignored by a halted host
    relay.encode([&] { relay._encoder.fail(relay._filling, code, message); });
}

// Logs reach the host even after a stop, as on one thread.
void Relay::logCall(void* host, int32_t level, const char* message) noexcept {
    Relay& relay = of(host);
    if (relay._halted) return;
    relay.encode([&] {
        if (!relay._encoder.log(relay._filling, level, message)) relay.haltOverBudget();
    });
}

fi_io Relay::pluginIo() {
    fi_io io{};
    io.struct_size = sizeof(fi_io);
    io.host = this;
    io.read = readCall;
    io.begin = beginCall;
    io.row = rowCall;
    io.row_sized = rowSizedCall;
    io.row_error = rowErrorCall;
    io.set_error = setErrorCall;
    io.log = logCall;
    io.fail = failCall;
    return io;
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
