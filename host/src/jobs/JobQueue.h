#pragma once
// The job queue: rows in the `jobs` table, claimed by worker threads of every instance that
// shares the database. Enqueueing happens inside the caller's write transaction, so a job exists
// exactly when the state change that asked for it was committed.
//
// A claim is a lease (JobStore.h): a heartbeat thread refreshes the leases of the jobs this
// instance runs; a job whose instance died is claimed again once its lease expired, and after
// `maxAttempts` expired claims it is failed with a message instead (never stuck). At-most-once
// effect is the handler's guard (store/ImportClaims.h), in the same transaction as its
// writes. stop() drains: no new claims, running jobs finish within the drain timeout, and jobs
// still running after it are released for another instance.

#include "domain/NoCopy.h"
#include "store/Database.h"
#include "store/JobStore.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace finimport::jobs {

struct JobQueueOptions {
    int workers = 2;
    std::chrono::milliseconds lease{30000}; // config jobs.lease_seconds
    int maxAttempts = 3;                    // config jobs.max_attempts
    std::chrono::milliseconds drainTimeout{30000};
    std::chrono::milliseconds poll{250}; // idle workers look for jobs of other instances
};

// What a finished job reports (logs, /metrics).
struct JobOutcome {
    const store::JobRecord& job;
    std::string worker;
    bool ok = true;
    std::optional<std::string> error;
    double seconds = 0;
};

class JobQueue : domain::NoCopy {
public:
    // Runs one claimed job; an exception marks the job failed (the handler records its own
    // domain outcome, e.g. the import's status).
    using Handler = std::function<void(const store::JobRecord&)>;
    // Called for a job failed because its workers kept dying (lease expired maxAttempts
    // times), inside the transaction that failed it: the handler fails the import.
    using AbandonHandler =
        std::function<void(store::Tx&, const store::AbandonedJob&, const std::string&)>;
    using Observer = std::function<void(const JobOutcome&)>;

    JobQueue(store::Database& db, int workers);
    JobQueue(store::Database& db, JobQueueOptions options);
    ~JobQueue();

    void setHandler(Handler handler) { _handler = std::move(handler); }
    void setAbandonHandler(AbandonHandler handler) { _abandon = std::move(handler); }
    void setObserver(Observer observer) { _observer = std::move(observer); }
    void start();
    // Graceful drain (see above). Safe to call twice.
    void stop();

    // `requestId` defaults to the current request's (RequestIdScope), for the job's log line.
    void enqueue(store::Tx& s, const std::string& kind, const std::string& importId);
    void wake();
    // Test and CLI helper: waits until no job is queued or running.
    bool waitIdle(std::chrono::milliseconds timeout);
    // Runs queued jobs on the calling thread until none is left (CLI, tests).
    int drain();
    // One reaper pass: fails jobs whose workers died maxAttempts times, and imports left
    // importing/reverting without any live job for longer than a lease. Returns how many.
    int reap();

    const std::string& instanceId() const { return _instance; }
    int busy() const { return _busy; }
    const JobQueueOptions& options() const { return _options; }

private:
    void workerLoop(int index);
    void heartbeatLoop();
    bool runOne(const std::string& worker);
    int64_t expiredBefore() const;

    store::Database& _db;
    JobQueueOptions _options;
    std::string _instance;
    Handler _handler;
    AbandonHandler _abandon;
    Observer _observer;
    std::vector<std::thread> _workers;
    std::thread _heartbeat;
    std::atomic<bool> _running{false}, _beating{false};
    std::mutex _mutex;
    std::condition_variable _cv;
    std::atomic<int> _busy{0};
    std::mutex _heldMutex;
    std::map<std::string, std::string> _held; // job id -> worker, while its handler runs
};

// The request id of the HTTP request running on this thread (empty outside one): queued jobs
// carry it so their log line names the request that asked for them.
class RequestIdScope {
public:
    explicit RequestIdScope(const std::string& requestId);
    ~RequestIdScope();
    static const std::string& current();

private:
    std::string _previous;
};

} // namespace finimport::jobs
