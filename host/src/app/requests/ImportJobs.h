#pragma once
// The job queue's handler (docs/imports.md §12): "publish" and "revert" of an import, routed by
// its type to backup/ (the engine's own NDJSON backups) or publish/ (every type a plugin reads),
// and "rule_run", a queued rule re-run (docs/rules.md §6).

#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "jobs/RecordedFailure.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"
#include "store/JobStore.h"

#include <functional>
#include <optional>
#include <string>

namespace finimport::app {

class ImportJobs {
public:
    // `types`: those of `plugins` (docs/decisions.md D225).
    ImportJobs(store::Database& db, const ImportSettings& config,
               const plugin::PluginRegistry& plugins, const TypeCatalogue& types)
        : _db(db), _config(config), _plugins(plugins), _types(types) {}

    // The handler of every job kind; a failure throws jobs::RecordedFailure (the job ends failed
    // with it, docs/decisions.md D116).
    void run(const store::JobRecord& job);
    // A failure is recorded on the import and returned.
    std::optional<jobs::RecordedFailure> publish(const std::string& importId);
    std::optional<jobs::RecordedFailure> revert(const std::string& importId);

    // Test hook: called inside the publish transaction after the records were created, so a
    // test can inject a failure half way.
    std::function<void()> afterRecordsHook;

private:
    bool isBackup(const std::string& importId);

    store::Database& _db;
    const ImportSettings& _config;
    const plugin::PluginRegistry& _plugins;
    const TypeCatalogue& _types;
};

} // namespace finimport::app
