#pragma once
// Parsing and storing an upload on two cores: the plugin run (`produce`, which hands each row
// to push()) runs on a thread of its own while the calling thread, which holds the write
// transaction, consumes the rows in order. A bounded queue of row batches keeps memory flat
// (the issue 11 bound): a producer ahead of the store waits. The first failure wins: a consumer
// exception stops the producer at its next push; a producer exception is rethrown once the
// rows it pushed before it have been consumed (so errors come out in row order, as they did
// when both ran on one thread).

#include "app/imports/RowCollector.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <vector>

namespace finimport::app {

class RowPipeline {
public:
    static constexpr std::size_t kBatchRows = 512;
    static constexpr std::size_t kMaxBatches = 4; // queued batches: about 2,000 rows in flight

    explicit RowPipeline(std::function<void(CollectedRow&&)> consume,
                         std::size_t batchRows = kBatchRows, std::size_t maxBatches = kMaxBatches)
        : _consume(std::move(consume)), _batchRows(batchRows), _maxBatches(maxBatches) {}

    // Producer side: queues a row (waits while the queue is full). Throws Stopped once the
    // consumer has failed.
    void push(CollectedRow&& row);
    // Runs `produce` on a new thread and consumes on this one until both are done; rethrows
    // the first failure (see above).
    void run(const std::function<void()>& produce);

    struct Stopped : std::exception {
        const char* what() const noexcept override { return "the row consumer failed"; }
    };

private:
    using Batch = std::vector<CollectedRow>;
    void enqueue(Batch&& batch);
    void produceAll(const std::function<void()>& produce);

    std::function<void(CollectedRow&&)> _consume;
    std::size_t _batchRows, _maxBatches;
    Batch _filling; // the producer's own
    std::mutex _mutex;
    std::condition_variable _changed;
    std::deque<Batch> _queue;
    bool _produced = false, _stopped = false;
    std::exception_ptr _producerError;
};

} // namespace finimport::app
