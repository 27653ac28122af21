#include "store/JobStore.h"

#include "store/Sql.h"
#include "store/Time.h"

namespace finimport::store {

namespace {

// Claimable: queued, or running with a heartbeat older than the lease and attempts left (a job
// that keeps killing its workers is failed by failAbandoned instead).
const char* kClaimable =
    "(status = 'queued' OR (status = 'running' AND locked_at < ? AND attempts < ?))";

} // namespace

JobRecord JobStore::enqueue(const std::string& kind, const std::string& importId,
                            const std::optional<std::string>& requestId) {
    JobRecord j{newUuid(), kind, "queued", importId, std::nullopt, 0, requestId, nowMicros()};
    sqlExec(_s,
            "INSERT INTO jobs (id, kind, import_id, status, attempts, request_id, created_at, "
            "updated_at) VALUES (?, ?, ?, 'queued', 0, ?, ?, ?)",
            {j.id, kind, importId, sqlOpt(requestId), j.createdAt, j.createdAt});
    return j;
}

std::optional<JobRecord> JobStore::claimNext(const std::string& worker, int64_t now,
                                             int64_t expiredBefore, int64_t maxAttempts) {
    std::string select = std::string("SELECT id, kind, import_id, attempts, request_id, "
                                     "created_at FROM jobs WHERE ") +
                         kClaimable + " ORDER BY created_at, id LIMIT 1";
    if (sqlIsPostgres(_s)) select += " FOR UPDATE SKIP LOCKED";
    auto r = sqlQueryOne(_s, select, {expiredBefore, maxAttempts});
    if (!r) return std::nullopt;
    JobRecord j{r->str(0),    r->str(1),     "running",    r->optStr(2),
                std::nullopt, r->i64(3) + 1, r->optStr(4), r->i64(5)};
    size_t n = sqlExec(_s,
                       std::string("UPDATE jobs SET status = 'running', attempts = ?, "
                                   "locked_by = ?, locked_at = ?, updated_at = ? WHERE id = ? "
                                   "AND ") +
                           kClaimable,
                       {j.attempts, worker, now, now, j.id, expiredBefore, maxAttempts});
    if (n == 0) return std::nullopt;
    return j;
}

bool JobStore::heartbeat(const std::string& jobId, const std::string& worker, int64_t now) {
    return sqlExec(_s,
                   "UPDATE jobs SET locked_at = ? WHERE id = ? AND locked_by = ? AND "
                   "status = 'running'",
                   {now, jobId, worker}) > 0;
}

bool JobStore::finish(const std::string& jobId, const std::string& worker, bool ok,
                      const std::optional<std::string>& error) {
    return sqlExec(_s,
                   "UPDATE jobs SET status = ?, error = ?, updated_at = ? WHERE id = ? AND "
                   "locked_by = ? AND status = 'running'",
                   {std::string(ok ? "done" : "failed"), sqlOpt(error), nowMicros(), jobId,
                    worker}) > 0;
}

bool JobStore::release(const std::string& jobId, const std::string& worker) {
    // The claim is given back without counting it as an attempt.
    return sqlExec(_s,
                   "UPDATE jobs SET status = 'queued', locked_by = NULL, locked_at = NULL, "
                   "attempts = attempts - 1, updated_at = ? WHERE id = ? AND locked_by = ? AND "
                   "status = 'running'",
                   {nowMicros(), jobId, worker}) > 0;
}

std::vector<AbandonedJob> JobStore::failAbandoned(int64_t expiredBefore, int64_t maxAttempts,
                                                  const std::string& message) {
    std::string select = "SELECT id, kind, import_id, attempts FROM jobs WHERE status = "
                         "'running' AND locked_at < ? AND attempts >= ? ORDER BY id";
    if (sqlIsPostgres(_s)) select += " FOR UPDATE SKIP LOCKED";
    std::vector<AbandonedJob> out;
    for (const auto& r : sqlQuery(_s, select, {expiredBefore, maxAttempts})) {
        AbandonedJob j{r.str(0), r.str(1), r.optStr(2), r.i64(3)};
        if (sqlExec(_s,
                    "UPDATE jobs SET status = 'failed', error = ?, updated_at = ? WHERE id = ? "
                    "AND status = 'running' AND locked_at < ?",
                    {message, nowMicros(), j.id, expiredBefore}) > 0)
            out.push_back(std::move(j));
    }
    return out;
}

std::vector<std::string> JobStore::failOrphanedImports(int64_t olderThan,
                                                       const std::string& message) {
    std::string select = "SELECT id, status FROM imports i WHERE status IN ('importing', "
                         "'reverting') AND updated_at < ? AND NOT EXISTS (SELECT 1 FROM jobs j "
                         "WHERE j.import_id = i.id AND j.status IN ('queued', 'running')) "
                         "ORDER BY id";
    if (sqlIsPostgres(_s)) select += " FOR UPDATE SKIP LOCKED";
    std::vector<std::string> out;
    for (const auto& r : sqlQuery(_s, select, {olderThan})) {
        const std::string next = r.str(1) == "importing" ? "failed" : "revert_failed";
        if (sqlExec(_s,
                    "UPDATE imports SET status = ?, error = ?, updated_at = ? WHERE id = ? AND "
                    "status = ?",
                    {next, message, nowMicros() / 1000 * 1000, r.str(0), r.str(1)}) > 0)
            out.push_back(r.str(0));
    }
    return out;
}

int64_t JobStore::pendingCount() {
    return sqlCount(_s, "SELECT COUNT(*) FROM jobs WHERE status IN ('queued', 'running')");
}

QueueStats JobStore::stats() {
    QueueStats q;
    for (const auto& r : sqlQuery(_s, "SELECT status, COUNT(*), MIN(created_at) FROM jobs WHERE "
                                      "status IN ('queued', 'running') GROUP BY status")) {
        if (r.str(0) == "queued") {
            q.queued = r.i64(1);
            q.oldestQueuedAt = r.optI64(2);
        } else {
            q.running = r.i64(1);
        }
    }
    return q;
}

} // namespace finimport::store
