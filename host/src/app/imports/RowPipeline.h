#pragma once
// Parsing and storing an upload on two cores: the plugin run (`produce`, which hands each row
// to push()) runs on a thread of its own while the calling thread, which holds the write
// transaction, consumes the rows in order. A bounded queue of row batches keeps memory flat
//: a producer ahead of the store waits. The first failure wins: a consumer
// exception stops the producer at its next push; a producer exception is rethrown once the
// rows it pushed before it have been consumed (so errors come out in row order, as they did
// when both ran on one thread).

#include "app/imports/RowCollector.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace finimport::app {

class RowPipeline {
public:
    static constexpr std::size_t kBatchRows = 512;
    static constexpr std::size_t kMaxBatches = 4; // queued batches: about 2,000 rows in flight
    // docs/decisions.md D81: the producer's waits for the store are the host's, not the plugin's
    // (they move the plugin's deadline, plugin/HostStall.h); a store that keeps it waiting this
    // long in all fails the upload with the host's own error (HostTooSlow).
    static constexpr std::chrono::seconds kMaxHostStall{600};

    explicit RowPipeline(std::function<void(CollectedRow&&)> consume,
                         std::size_t batchRows = kBatchRows, std::size_t maxBatches = kMaxBatches,
                         std::chrono::steady_clock::duration maxHostStall = kMaxHostStall)
        : _consume(std::move(consume)), _batchRows(batchRows), _maxBatches(maxBatches),
          _maxHostStall(maxHostStall) {}

    // Producer side: queues a row (waits while the queue is full). Throws Stopped once the
    // consumer has failed.
    void push(CollectedRow&& row);
    // Runs `produce` on a new thread and consumes on this one until both are done; rethrows
    // the first failure (see above).
    void run(const std::function<void()>& produce);

    struct Stopped : std::exception {
        const char* what() const noexcept override { return "the row consumer failed"; }
    };
    // Thrown to the producer when the consumer kept it waiting longer than maxHostStall.
    struct HostTooSlow : std::runtime_error {
        using std::runtime_error::runtime_error;
    };
    // Time the producer has waited for room in the queue so far.
    std::chrono::steady_clock::duration hostStalled() const { return _stalled; }

private:
    using Batch = std::vector<CollectedRow>;
    void enqueue(Batch&& batch);
    void produceAll(const std::function<void()>& produce);

    std::function<void(CollectedRow&&)> _consume;
    std::size_t _batchRows, _maxBatches;
    std::chrono::steady_clock::duration _maxHostStall;
    std::chrono::steady_clock::duration _stalled{}; // the producer's
    Batch _filling;                                 // the producer's own
    std::mutex _mutex;
    std::condition_variable _changed;
    std::deque<Batch> _queue;
    bool _produced = false, _stopped = false;
    std::exception_ptr _producerError;
};

} // namespace finimport::app
