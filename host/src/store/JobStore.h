#pragma once
// The job queue lives in the database (`jobs`): publish and revert run on worker threads of any
// instance sharing the database. A claim is a lease: the claimer's heartbeat refreshes
// `locked_at`; a running job whose heartbeat is older than the lease belongs to a dead worker
// and is claimed again.

#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

struct JobRecord {
    std::string id, kind, status;
    std::optional<std::string> importId, error;
    int64_t attempts = 0;
    std::optional<std::string> requestId; // the request that queued it (logs)
    int64_t createdAt = 0;
};

// A job whose workers all died `maxAttempts` times, failed by the reaper.
struct AbandonedJob {
    std::string id, kind;
    std::optional<std::string> importId;
    int64_t attempts = 0;
};

struct QueueStats {
    int64_t queued = 0, running = 0;
    std::optional<int64_t> oldestQueuedAt; // created_at of the oldest queued job (µs)
};

class JobStore {
public:
    explicit JobStore(Tx& s) : _s(s) {}

    JobRecord enqueue(const std::string& kind, const std::string& importId,
                      const std::optional<std::string>& requestId = std::nullopt);
    // Claims the oldest job that is queued or whose lease expired (heartbeat before
    // `expiredBefore`), for `worker`, inside the caller's write transaction. PostgreSQL:
    // `FOR UPDATE SKIP LOCKED`, so concurrent claimers on every instance never wait for
    // each other nor claim the same job; SQLite: the write transaction is exclusive.
    std::optional<JobRecord> claimNext(const std::string& worker, int64_t now,
                                       int64_t expiredBefore, int64_t maxAttempts);
    // Refreshes the lease; false when the job is no longer this worker's (lease lost).
    bool heartbeat(const std::string& jobId, const std::string& worker, int64_t now);
    // Records the outcome, only while the job is still this worker's claim.
    bool finish(const std::string& jobId, const std::string& worker, bool ok,
                const std::optional<std::string>& error);
    // Gives a claimed job back to the queue (graceful drain).
    bool release(const std::string& jobId, const std::string& worker);
    // Running jobs with an expired lease that reached `maxAttempts` claims: marked failed and
    // returned, so the caller can fail their imports with a message.
    std::vector<AbandonedJob> failAbandoned(int64_t expiredBefore, int64_t maxAttempts,
                                            const std::string& message);
    // Imports left `importing`/`reverting` since before `olderThan` with no queued or running
    // job (their job failed outside the handler, or its outcome could not be written): failed
    // (`failed` / `revert_failed`) with `message`. Returns their ids.
    std::vector<std::string> failOrphanedImports(int64_t olderThan, const std::string& message);
    int64_t pendingCount();
    QueueStats stats();

private:
    Tx& _s;
};

} // namespace finimport::store
