#pragma once
// The job queue lives in the database (`jobs`): publish and revert run on worker threads.

#include <Poco/Data/Session.h>

#include <cstdint>
#include <optional>
#include <string>

namespace finimport::store {

struct JobRecord {
    std::string id, kind, status;
    std::optional<std::string> importId, error;
    int64_t attempts = 0;
};

class JobStore {
public:
    explicit JobStore(Poco::Data::Session& s) : _s(s) {}

    JobRecord enqueue(const std::string& kind, const std::string& importId);
    // Marks the oldest queued job as running for `worker` and returns it (inside the caller's
    // write transaction, so two workers never claim the same job).
    std::optional<JobRecord> claimNext(const std::string& worker);
    void finish(const std::string& jobId, bool ok, const std::optional<std::string>& error);
    // Jobs left `running` by a process that died: back to `queued`.
    int requeueStale(int64_t olderThanMicros);
    int64_t pendingCount();

private:
    Poco::Data::Session& _s;
};

} // namespace finimport::store
