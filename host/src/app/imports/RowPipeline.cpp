#include "app/imports/RowPipeline.h"

#include "plugin/HostStall.h"

#include <algorithm>
#include <string>
#include <thread>

namespace finimport::app {

void RowPipeline::push(CollectedRow&& row) {
    _filling.push_back(std::move(row));
    if (_filling.size() < _batchRows) return;
    enqueue(std::move(_filling));
    _filling = Batch();
    _filling.reserve(_batchRows);
}

void RowPipeline::enqueue(Batch&& batch) {
    std::unique_lock lock(_mutex);
    const auto room = [&] { return _stopped || _queue.size() < _maxBatches; };
    if (!room()) {
        // The store is behind: the wait is the host's (docs/decisions.md D81).
        const auto start = std::chrono::steady_clock::now();
        const auto left = _maxHostStall - _stalled;
        const bool roomCame = _changed.wait_for(lock, std::max(left, left.zero()), room);
        const auto waited = std::chrono::steady_clock::now() - start;
        _stalled += waited;
        plugin::noteHostStall(waited);
        if (!roomCame)
            throw HostTooSlow(
                "The server could not store the rows as fast as the file was read: storing rows "
                "kept the parse waiting more than " +
                std::to_string(
                    std::chrono::duration_cast<std::chrono::seconds>(_maxHostStall).count()) +
                " s");
    }
    if (_stopped) throw Stopped();
    _queue.push_back(std::move(batch));
    _changed.notify_all();
}

void RowPipeline::produceAll(const std::function<void()>& produce) {
    std::exception_ptr error;
    try {
        produce();
    } catch (...) {
        error = std::current_exception();
    }
    // The rows pushed before a failure are consumed too: an error the consumer finds in them
    // comes first, as it would on one thread.
    try {
        if (!_filling.empty()) enqueue(std::move(_filling));
    } catch (const Stopped&) { // the consumer failed first: its error is the answer
    } catch (...) {            // the host too slow for the last batch (HostTooSlow)
        if (!error) error = std::current_exception();
    }
    std::lock_guard lock(_mutex);
    _produced = true;
    _producerError = error;
    _changed.notify_all();
}

void RowPipeline::run(const std::function<void()>& produce) {
    _filling.reserve(_batchRows);
    std::thread producer([&] { produceAll(produce); });
    try {
        for (;;) {
            Batch batch;
            {
                std::unique_lock lock(_mutex);
                _changed.wait(lock, [&] { return !_queue.empty() || _produced; });
                if (_queue.empty()) break; // produced, and every row consumed
                batch = std::move(_queue.front());
                _queue.pop_front();
                _changed.notify_all();
            }
            for (auto& row : batch)
                _consume(std::move(row));
        }
    } catch (...) {
        {
            std::lock_guard lock(_mutex);
            _stopped = true;
            _changed.notify_all();
        }
        producer.join();
        throw;
    }
    producer.join();
    if (_producerError) std::rethrow_exception(_producerError);
}

} // namespace finimport::app
