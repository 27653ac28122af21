#include "app/requests/ImportJobs.h"

#include "app/backup/Restorer.h"
#include "app/imports/ImportProgress.h"
#include "app/publish/Publisher.h"
#include "app/rules/RuleReruns.h"
#include "store/ImportStore.h"

namespace finimport::app {

void ImportJobs::run(const store::JobRecord& job) {
    if (!job.importId) return;
    // docs/decisions.md D101: what GET /api/v1/imports/{id} shows as `progress` meanwhile.
    ProgressScope progress(*job.importId);
    std::optional<jobs::RecordedFailure> failure;
    if (job.kind == "publish") {
        progress.set("publishing", 0, std::nullopt);
        failure = publish(*job.importId);
    } else if (job.kind == "revert") {
        progress.set("reverting", 0, std::nullopt);
        failure = revert(*job.importId);
    } else if (job.kind == "rule_run") { // docs/rules.md §6: the job's id names the pass
        failure = rules::runQueuedPass(_db, *job.importId);
    }
    // Recorded where the API shows it; the job ends failed with the cause (docs/decisions.md D116).
    if (failure) throw *failure;
}

bool ImportJobs::isBackup(const std::string& importId) {
    bool backup = false;
    _db.read([&](store::Tx& s) {
        auto import = store::ImportStore(s).byIdAnyFamily(importId);
        backup = import && _types.traitsOf(import->type).backup();
    });
    return backup;
}

std::optional<jobs::RecordedFailure> ImportJobs::publish(const std::string& importId) {
    if (isBackup(importId)) {
        backup::Restorer(_db, _config, &_plugins, _types).publish(importId, afterRecordsHook);
        return std::nullopt;
    }
    Publisher publisher(_db, _config, _types);
    publisher.afterRecordsHook = afterRecordsHook;
    return publisher.publish(importId);
}

std::optional<jobs::RecordedFailure> ImportJobs::revert(const std::string& importId) {
    if (isBackup(importId)) {
        backup::Restorer(_db, _config, &_plugins, _types).revert(importId);
        return std::nullopt;
    }
    return Publisher(_db, _config, _types).revert(importId);
}

} // namespace finimport::app
