#include "jobs/JobQueue.h"

#include "domain/LogLine.h"
#include "jobs/RecordedFailure.h"
#include "store/ErrorText.h"
#include "store/Time.h"

#include <unistd.h>

namespace finimport::jobs {

namespace {

thread_local std::string tRequestId;

// hostname/pid/random: unique per process, readable in `jobs.locked_by`.
std::string makeInstanceId() {
    char host[256] = {0};
    if (gethostname(host, sizeof host - 1) != 0) host[0] = 0;
    return std::string(host) + "/" + std::to_string(getpid()) + "/" + store::newUuid().substr(0, 8);
}

int64_t micros(std::chrono::milliseconds d) {
    return static_cast<int64_t>(d.count()) * 1000;
}

// One bookkeeping write per job a worker holds (`held`: job id -> worker, copied under its
// lock); `done` (when set) is logged after each write, `failed` with the cause instead of it,
// and the next job is tried either way.
void forEachHeld(store::Database& db, const std::map<std::string, std::string>& held,
                 const char* done, const char* failed,
                 const std::function<void(store::Tx&, const std::string& jobId,
                                          const std::string& worker)>& write) {
    // Not a structured binding: clang before 16 cannot capture one in the lambda below.
    for (const auto& entry : held) {
        const std::string& jobId = entry.first;
        const std::string& worker = entry.second;
        try {
            db.writeBookkeeping([&](store::Tx& s) { write(s, jobId, worker); });
            if (done) domain::LogLine(done).str("job_id", jobId).str("worker", worker).emit();
        } catch (const std::exception& e) {
            domain::LogLine(failed)
                .str("job_id", jobId)
                .str("exception", domain::exceptionClass(e))
                .str("error", domain::logMessage(store::errorText(e)))
                .emit();
        }
    }
}

} // namespace

RequestIdScope::RequestIdScope(const std::string& requestId) : _previous(tRequestId) {
    tRequestId = requestId;
}

RequestIdScope::~RequestIdScope() {
    tRequestId = _previous;
}

const std::string& RequestIdScope::current() {
    return tRequestId;
}

JobQueue::JobQueue(store::Database& db, int workers)
    : JobQueue(db,
               JobQueueOptions{workers, std::chrono::milliseconds(30000), 3,
                               std::chrono::milliseconds(30000), std::chrono::milliseconds(250)}) {}

JobQueue::JobQueue(store::Database& db, JobQueueOptions options)
    : _db(db), _options(options), _instance(makeInstanceId()) {}

JobQueue::~JobQueue() {
    stop();
}

int64_t JobQueue::expiredBefore() const {
    return store::nowMicros() - micros(_options.lease);
}

void JobQueue::start() {
    if (_running.exchange(true)) return;
    // No blanket re-queue of `running` jobs: they may belong to a live instance. A dead
    // instance's jobs come back through lease expiry.
    _beating = true;
    for (int i = 0; i < _options.workers; ++i)
        _workers.emplace_back([this, i] { workerLoop(i); });
    _heartbeat = std::thread([this] { heartbeatLoop(); });
}

void JobQueue::stop() {
    if (!_running.exchange(false)) return;
    _cv.notify_all();
    // Drain: workers finish the job they hold. Past the drain timeout, their jobs are
    // released so another instance takes them over at once (its publish waits for this one's
    // transaction on the import row; the import guard makes a commit that lands count once).
    auto deadline = std::chrono::steady_clock::now() + _options.drainTimeout;
    while (_busy > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (_busy > 0) {
        std::map<std::string, std::string> held;
        {
            std::lock_guard lock(_heldMutex);
            held = _held;
        }
        forEachHeld(_db, held, "job_released", "job_release_failed",
                    [](store::Tx& s, const std::string& jobId, const std::string& worker) {
                        store::JobStore(s).release(jobId, worker);
                    });
    }
    // A worker past the timeout is inside its transaction: wait for it (its job is released,
    // so another instance already works on it; systemd's stop timeout bounds the wait).
    for (auto& t : _workers)
        if (t.joinable()) t.join();
    _workers.clear();
    _beating = false; // leases stay fresh while the drain runs
    _cv.notify_all();
    if (_heartbeat.joinable()) _heartbeat.join();
}

void JobQueue::enqueue(store::Tx& s, const std::string& kind, const std::string& importId) {
    const std::string& rid = RequestIdScope::current();
    store::JobStore(s).enqueue(kind, importId,
                               rid.empty() ? std::nullopt : std::optional<std::string>(rid));
}

void JobQueue::wake() {
    _cv.notify_all();
}

bool JobQueue::runOne(const std::string& worker) {
    std::optional<store::JobRecord> job;
    _db.writeBookkeeping([&](store::Tx& s) {
        job = store::JobStore(s).claimNext(worker, store::nowMicros(), expiredBefore(),
                                           _options.maxAttempts);
    });
    if (!job) return false;
    ++_busy;
    {
        std::lock_guard lock(_heldMutex);
        _held[job->id] = worker;
    }
    auto started = std::chrono::steady_clock::now();
    bool ok = true;
    std::optional<std::string> error;
    std::string errorClass;
    try {
        if (_handler) _handler(*job);
    } catch (const RecordedFailure& e) {
        ok = false;
        error = e.what();
        errorClass = e.exceptionClass();
    } catch (const std::exception& e) {
        ok = false;
        error = store::errorText(e);
        errorClass = domain::exceptionClass(e);
    }
    bool recorded = false;
    try {
        _db.writeBookkeeping([&](store::Tx& s) {
            recorded = store::JobStore(s).finish(job->id, worker, ok, error);
        });
    } catch (const std::exception& e) {
        domain::LogLine("job_record_failed")
            .str("job_id", job->id)
            .str("exception", domain::exceptionClass(e))
            .str("error", domain::logMessage(store::errorText(e)))
            .emit();
    }
    {
        std::lock_guard lock(_heldMutex);
        _held.erase(job->id);
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    domain::LogLine line("job");
    line.str("request_id", job->requestId.value_or(""))
        .str("job_id", job->id)
        .str("kind", job->kind)
        .str("import_id", job->importId.value_or(""))
        .str("worker", worker)
        .num("attempt", job->attempts)
        .str("status", ok ? "done" : "failed")
        .dbl("duration_ms", seconds * 1000);
    if (!recorded) line.boolean("lease_lost", true);
    // A failed job is an error line like a 5xx (docs/decisions.md D76): the class and the
    // first line of the message, never a row.
    if (error)
        line.str("level", "error")
            .str("exception", errorClass)
            .str("error", domain::logMessage(*error));
    line.emit();
    if (_observer) _observer(JobOutcome{*job, worker, ok, error, seconds});
    --_busy;
    return true;
}

int JobQueue::reap() {
    const std::string message =
        "The job was abandoned " + std::to_string(_options.maxAttempts) +
        " times by workers that stopped before finishing it (lease expired)";
    int n = 0;
    _db.write([&](store::Tx& s) {
        for (const auto& job :
             store::JobStore(s).failAbandoned(expiredBefore(), _options.maxAttempts, message)) {
            if (_abandon) _abandon(s, job, message);
            domain::LogLine("job")
                .str("job_id", job.id)
                .str("kind", job.kind)
                .str("import_id", job.importId.value_or(""))
                .num("attempt", job.attempts)
                .str("status", "abandoned")
                .str("error", message)
                .emit();
            ++n;
        }
        for (const auto& importId : store::JobStore(s).failOrphanedImports(
                 expiredBefore(), "The import was left in progress without a running job (its "
                                  "worker stopped); it was not changed")) {
            domain::LogLine("import_orphaned").str("import_id", importId).emit();
            ++n;
        }
    });
    return n;
}

void JobQueue::heartbeatLoop() {
    // Three beats per lease: one lost beat (a slow transaction) never expires a live claim.
    const auto interval = std::max(_options.lease / 3, std::chrono::milliseconds(10));
    auto nextReap = std::chrono::steady_clock::now();
    while (_beating) {
        {
            std::unique_lock<std::mutex> lock(_mutex);
            _cv.wait_for(lock, interval, [this] { return !_beating.load(); });
        }
        std::map<std::string, std::string> held;
        {
            std::lock_guard lock(_heldMutex);
            held = _held;
        }
        forEachHeld(_db, held, nullptr, "job_heartbeat_failed",
                    [](store::Tx& s, const std::string& jobId, const std::string& worker) {
                        store::JobStore(s).heartbeat(jobId, worker, store::nowMicros());
                    });
        if (_running && std::chrono::steady_clock::now() >= nextReap) {
            try {
                reap();
            } catch (const std::exception& e) {
                domain::LogLine("job_reaper_failed")
                    .str("exception", domain::exceptionClass(e))
                    .str("error", domain::logMessage(store::errorText(e)))
                    .emit();
            }
            nextReap = std::chrono::steady_clock::now() + _options.lease;
        }
    }
}

void JobQueue::workerLoop(int index) {
    const std::string worker = _instance + "/worker-" + std::to_string(index);
    while (_running) {
        bool ran = false;
        try {
            ran = runOne(worker);
        } catch (const std::exception& e) {
            domain::LogLine("job_claim_failed")
                .str("worker", worker)
                .str("exception", domain::exceptionClass(e))
                .str("error", domain::logMessage(store::errorText(e)))
                .emit();
        }
        if (ran) continue;
        std::unique_lock<std::mutex> lock(_mutex);
        _cv.wait_for(lock, _options.poll);
    }
}

int JobQueue::drain() {
    int n = 0;
    while (runOne(_instance + "/drain"))
        ++n;
    return n;
}

bool JobQueue::waitIdle(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        // A job running here is not idle: no query until it is done (a 100k-row publish
        // otherwise paid a query every 20 ms of it, bench/RESULTS.md "Rules at publish").
        if (_busy > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        int64_t pending = 0;
        _db.read([&](store::Tx& s) { pending = store::JobStore(s).pendingCount(); });
        if (pending == 0 && _busy == 0) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

} // namespace finimport::jobs
