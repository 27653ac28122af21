#pragma once
// Re-runs (docs/rules.md §6): `POST /api/v1/rule_runs` queues a pass over a date range as a
// job; its runs start `pending` and all become `success` (or all `failed`) together.

#include "jobs/JobQueue.h"
#include "jobs/RecordedFailure.h"
#include "store/Database.h"
#include "store/RuleRunStore.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::app::rules {

struct RerunRequest {
    std::vector<std::string> ruleIds; // pass order is the rules' order, not this list's
    std::optional<std::string> startDate, endDate;
    bool ignoreLocks = false;
};

// Creates one pending run per rule (the named ones, else every active rule) and queues the
// pass, in one transaction. The caller has checked the request (ids of the family's active
// rules). Returns the runs in pass order (none: nothing queued).
std::vector<store::RuleRunRow> queueRerun(store::Database& db, jobs::JobQueue& queue,
                                          const std::string& familyId, const RerunRequest& request);

// The job of kind "rule_run": runs the queued pass in one transaction; on failure nothing of
// it remains and its runs are `failed` with the message (also returned, for the job's log line).
std::optional<jobs::RecordedFailure> runQueuedPass(store::Database& db, const std::string& passId);

} // namespace finimport::app::rules
