// Schema version 5: the request that queued a job, for the job's log line. The
// lease is `locked_at` (the claimer's last heartbeat) plus the configured jobs.lease_seconds.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV5() {
    Migration m{5, "job request ids", {}, {}};
    m.statements.push_back("ALTER TABLE jobs ADD COLUMN request_id TEXT");
    m.statements.push_back("CREATE INDEX jobs_import ON jobs (import_id)");
    return {m};
}

} // namespace finimport::store
