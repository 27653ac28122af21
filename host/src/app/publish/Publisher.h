#pragma once
// The publish and revert jobs of an import a plugin read (docs/imports.md §2.1, §12): each runs
// in one database transaction, all or nothing, then re-materialises the balances of the accounts
// it touched. Backup imports publish in backup/; app/requests/ImportJobs.h routes the jobs.

#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "jobs/RecordedFailure.h"
#include "store/Database.h"

#include <functional>
#include <optional>
#include <string>

namespace finimport::app {

class Publisher {
public:
    Publisher(store::Database& db, const ImportSettings& config, const TypeCatalogue& types)
        : _db(db), _config(config), _types(types) {}

    // A failure is recorded on the import and returned (the job then ends failed with it).
    std::optional<jobs::RecordedFailure> publish(const std::string& importId);
    std::optional<jobs::RecordedFailure> revert(const std::string& importId);

    // Test hook: called inside the publish transaction after the records were created, so a
    // test can inject a failure half way.
    std::function<void()> afterRecordsHook;

private:
    store::Database& _db;
    const ImportSettings& _config;
    const TypeCatalogue& _types;
};

} // namespace finimport::app
