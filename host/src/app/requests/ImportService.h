#pragma once
// The import requests of the API: create (docs/api.md §7), preflight (§12.4), publish and revert
// (§12.5). Each routes by type: the engine's own NDJSON backups to backup/, every other type to
// the plugin that reads it (imports/), publish checks and jobs to publish/.

#include "app/imports/ImportEvaluation.h"
#include "app/imports/ImportRequest.h"
#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/PreflightReport.h"
#include "jobs/JobQueue.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>

namespace finimport::app {

using ImportResult = std::variant<ImportView, Error>;

class ImportService {
public:
    // `types`: those of `plugins` (docs/decisions.md D225).
    ImportService(store::Database& db, const plugin::PluginRegistry& plugins,
                  const TypeCatalogue& types, const ImportSettings& config, jobs::JobQueue& jobs)
        : _db(db), _plugins(plugins), _types(types), _config(config), _jobs(jobs) {}

    // POST /api/v1/imports. The uploaded content (file part or raw_file_content) is moved out
    // of `request` into the stored import when it is already UTF-8: it is not copied.
    ImportResult create(CreateImportRequest& request);
    // POST /api/v1/imports/preflight: create's checks and a report; nothing stored or queued.
    PreflightResult preflight(const CreateImportRequest& request);
    // GET /api/v1/imports/{id}; nullopt when not visible to the family.
    std::optional<ImportView> get(const std::string& familyId, const std::string& id);
    // POST /api/v1/imports/{id}/publish and /revert.
    ImportResult publish(const std::string& familyId, const std::string& id);
    ImportResult revert(const std::string& familyId, const std::string& id);

    static bool wantsPublish(const CreateImportRequest& request);

    // Tests: called on the storing thread after each row of an upload is stored, with the rows
    // stored so far (an upload's progress can be read while it waits).
    std::function<void(int64_t rowsStored)> afterRowHook;
    // Rule re-runs are queued on the same queue (docs/rules.md §6).
    jobs::JobQueue& jobs() { return _jobs; }
    // The import types the requests are served for (http/ reads them here).
    const TypeCatalogue& types() const { return _types; }

private:
    // Publish checks of docs/api.md §7.4 step 5 / §7.7 step 4 on a stored import. When the job is
    // queued, the import as committed with it (`importing`): a fast worker cannot change the
    // answer.
    ImportResult requestPublish(const std::string& familyId, const std::string& id,
                                bool explicitRequest);

    store::Database& _db;
    const plugin::PluginRegistry& _plugins;
    const TypeCatalogue& _types;
    const ImportSettings& _config;
    jobs::JobQueue& _jobs;
};

} // namespace finimport::app
