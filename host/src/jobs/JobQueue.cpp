#include "jobs/JobQueue.h"

#include "store/Time.h"

#include <iostream>

namespace finimport::jobs {

JobQueue::JobQueue(store::Database& db, int workers) : _db(db), _workerCount(workers) {}

JobQueue::~JobQueue() {
    stop();
}

void JobQueue::start() {
    if (_running.exchange(true)) return;
    _db.write([](Poco::Data::Session& s) { store::JobStore(s).requeueStale(store::nowMicros()); });
    for (int i = 0; i < _workerCount; ++i)
        _workers.emplace_back([this, i] { workerLoop(i); });
}

void JobQueue::stop() {
    if (!_running.exchange(false)) return;
    _cv.notify_all();
    for (auto& t : _workers)
        if (t.joinable()) t.join();
    _workers.clear();
}

void JobQueue::enqueue(Poco::Data::Session& s, const std::string& kind,
                       const std::string& importId) {
    store::JobStore(s).enqueue(kind, importId);
}

void JobQueue::wake() {
    _cv.notify_all();
}

bool JobQueue::runOne(const std::string& worker) {
    std::optional<store::JobRecord> job;
    _db.write([&](Poco::Data::Session& s) { job = store::JobStore(s).claimNext(worker); });
    if (!job) return false;
    ++_busy;
    bool ok = true;
    std::optional<std::string> error;
    try {
        if (_handler) _handler(*job);
    } catch (const std::exception& e) {
        ok = false;
        error = e.what();
        std::cerr << "job " << job->id << " (" << job->kind << ") failed: " << e.what() << "\n";
    }
    try {
        _db.write([&](Poco::Data::Session& s) { store::JobStore(s).finish(job->id, ok, error); });
    } catch (const std::exception& e) {
        std::cerr << "job " << job->id << ": could not record the outcome: " << e.what() << "\n";
    }
    --_busy;
    return true;
}

void JobQueue::workerLoop(int index) {
    const std::string worker = "worker-" + std::to_string(index);
    while (_running) {
        bool ran = false;
        try {
            ran = runOne(worker);
        } catch (const std::exception& e) {
            std::cerr << worker << ": " << e.what() << "\n";
        }
        if (ran) continue;
        std::unique_lock<std::mutex> lock(_mutex);
        _cv.wait_for(lock, std::chrono::milliseconds(250));
    }
}

int JobQueue::drain() {
    int n = 0;
    while (runOne("drain"))
        ++n;
    return n;
}

bool JobQueue::waitIdle(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int64_t pending = 0;
        _db.read([&](Poco::Data::Session& s) { pending = store::JobStore(s).pendingCount(); });
        if (pending == 0 && _busy == 0) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

} // namespace finimport::jobs
