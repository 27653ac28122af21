#pragma once
// `finimport restore`: a family's NDJSON export straight into the database (docs/cli.md,
// docs/decisions.md D104). The file becomes an import of the backup type published in this
// process, with the
// checks and the single transaction of an uploaded one, but without the HTTP path's content and
// row caps. It stays listed and revertable like any import.

#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <functional>
#include <string>

namespace finimport::app {

struct RestoreResult {
    std::string importId;
    std::string type;   // the backup type the import was made as
    std::string status; // "complete" or "failed"
    std::string error;
    int64_t lines = 0;
    std::string readback; // the import's readback JSON (docs/imports.md §8)
};

// `phase` is called with "storing", "restoring" as the work moves on. `types`: those of
// `plugins`.
RestoreResult restoreFamily(store::Database& db, const ImportSettings& config,
                            const plugin::PluginRegistry& plugins, const TypeCatalogue& types,
                            const std::string& familyId, std::string content,
                            const std::string& filename,
                            const std::function<void(const std::string&)>& phase);

} // namespace finimport::app
