#pragma once
// The job queue: rows in the `jobs` table, claimed by worker threads. Enqueueing happens inside
// the caller's write transaction, so a job exists exactly when the state change that asked for
// it was committed.

#include "store/Database.h"
#include "store/JobStore.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace finimport::jobs {

class JobQueue {
public:
    // Runs one claimed job; an exception marks the job failed (the handler records its own
    // domain outcome, e.g. the import's status).
    using Handler = std::function<void(const store::JobRecord&)>;

    JobQueue(store::Database& db, int workers);
    ~JobQueue();
    JobQueue(const JobQueue&) = delete;
    JobQueue& operator=(const JobQueue&) = delete;

    void setHandler(Handler handler) { _handler = std::move(handler); }
    // Starts the workers; jobs a previous process left `running` are queued again first.
    void start();
    void stop();

    void enqueue(Poco::Data::Session& s, const std::string& kind, const std::string& importId);
    void wake();
    // Test and CLI helper: waits until no job is queued or running.
    bool waitIdle(std::chrono::milliseconds timeout);
    // Runs queued jobs on the calling thread until none is left (CLI, tests).
    int drain();

private:
    void workerLoop(int index);
    bool runOne(const std::string& worker);

    store::Database& _db;
    int _workerCount;
    Handler _handler;
    std::vector<std::thread> _workers;
    std::atomic<bool> _running{false};
    std::mutex _mutex;
    std::condition_variable _cv;
    std::atomic<int> _busy{0};
};

} // namespace finimport::jobs
