#include "plugin/BatchQueue.h"

#include "plugin/RunBudget.h"

#include <stdexcept>

namespace finimport::plugin {

using calls::CallBatch;
using calls::CallRecorder;
using calls::Halt;

void BatchQueue::handOver(CallBatch& batch) {
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

void BatchQueue::awaitAnswer(CallBatch& batch) {
    handOver(batch);
    std::unique_lock lock(_mutex);
    const uint64_t mine = _handedOver;
    _changed.wait(lock, [&] { return _replayed >= mine; });
}

void BatchQueue::finish(CallBatch& last) noexcept {
    std::unique_lock lock(_mutex);
    _changed.wait(lock, [&] { return _queue.size() < kMaxQueuedBatches; });
    try {
        _queue.push_back(std::move(last));
    } catch (...) { // the calls of the last batch are lost: the run fails with the reason
        if (!_lastBatchLost) _lastBatchLost = std::current_exception();
    }
    _finished = true;
    _changed.notify_all();
}

bool BatchQueue::take(CallBatch& batch) {
    std::unique_lock lock(_mutex);
    _changed.wait(lock, [&] { return !_queue.empty() || _finished; });
    if (_queue.empty()) return false;
    batch = std::move(_queue.front());
    _queue.pop_front();
    _changed.notify_all();
    return true;
}

void BatchQueue::giveBack(CallBatch&& batch, bool stop) {
    if (stop) _stop.store(true, std::memory_order_relaxed);
    std::lock_guard lock(_mutex);
    _spare.push_back(std::move(batch));
    ++_replayed;
    _changed.notify_all();
}

int64_t BatchQueue::read(CallRecorder& recorder, char* buffer, std::size_t capacity) {
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

} // namespace finimport::plugin
