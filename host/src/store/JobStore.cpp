#include "store/JobStore.h"

#include "store/Sql.h"
#include "store/Time.h"

namespace finimport::store {

JobRecord JobStore::enqueue(const std::string& kind, const std::string& importId) {
    JobRecord j{newUuid(), kind, "queued", importId, std::nullopt, 0};
    int64_t now = nowMicros();
    sqlExec(_s,
            "INSERT INTO jobs (id, kind, import_id, status, attempts, created_at, updated_at) "
            "VALUES (?, ?, ?, 'queued', 0, ?, ?)",
            {j.id, kind, importId, now, now});
    return j;
}

std::optional<JobRecord> JobStore::claimNext(const std::string& worker) {
    auto r =
        sqlQueryOne(_s, "SELECT id, kind, import_id, attempts FROM jobs WHERE status = 'queued' "
                        "ORDER BY created_at, id LIMIT 1");
    if (!r) return std::nullopt;
    JobRecord j{r->str(0), r->str(1), "running", r->optStr(2), std::nullopt, r->i64(3) + 1};
    int64_t now = nowMicros();
    size_t n = sqlExec(_s,
                       "UPDATE jobs SET status = 'running', attempts = ?, locked_by = ?, "
                       "locked_at = ?, updated_at = ? WHERE id = ? AND status = 'queued'",
                       {j.attempts, worker, now, now, j.id});
    if (n == 0) return std::nullopt;
    return j;
}

void JobStore::finish(const std::string& jobId, bool ok, const std::optional<std::string>& error) {
    sqlExec(_s, "UPDATE jobs SET status = ?, error = ?, updated_at = ? WHERE id = ?",
            {std::string(ok ? "done" : "failed"), sqlOpt(error), nowMicros(), jobId});
}

int JobStore::requeueStale(int64_t olderThanMicros) {
    return static_cast<int>(sqlExec(_s,
                                    "UPDATE jobs SET status = 'queued', locked_by = NULL, "
                                    "updated_at = ? WHERE status = 'running' AND locked_at < ?",
                                    {nowMicros(), olderThanMicros}));
}

int64_t JobStore::pendingCount() {
    return sqlCount(_s, "SELECT COUNT(*) FROM jobs WHERE status IN ('queued', 'running')");
}

} // namespace finimport::store
