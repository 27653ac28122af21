#pragma once
// The publish and revert jobs (docs/imports.md §2.1, §12): each runs in one database transaction,
// all or nothing, then re-materialises the balances of the accounts it touched.

#include "app/imports/ImportSettings.h"
#include "jobs/RecordedFailure.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"
#include "store/JobStore.h"

#include <functional>
#include <optional>
#include <string>

namespace finimport::app {

class Publisher {
public:
    Publisher(store::Database& db, const ImportSettings& config) : _db(db), _config(config) {}

    // The job handler for kinds "publish" and "revert".
    void run(const store::JobRecord& job);
    // A failure is recorded on the import and returned (run() ends the job failed with it).
    std::optional<jobs::RecordedFailure> publish(const std::string& importId);
    std::optional<jobs::RecordedFailure> revert(const std::string& importId);

    // Test hook: called inside the publish transaction after the records were created, so a
    // test can inject a failure half way.
    std::function<void()> afterRecordsHook;

    // The loaded plugins (ServiceImport records are read by the NDJSON plugin at publish).
    void setPlugins(const plugin::PluginRegistry* plugins) { _plugins = plugins; }

private:
    store::Database& _db;
    const ImportSettings& _config;
    const plugin::PluginRegistry* _plugins = nullptr;

    bool isServiceImport(const std::string& importId);
};

} // namespace finimport::app
