#pragma once
// Imports of the types a plugin reads (docs/api.md §7, §12.4 "CSV path"). `store` creates one:
// the checks of §7.3, then the plugin's rows are validated and stored as they come
// (docs/architecture.md, "An upload"; PluginUpload.cpp). `preflight` runs create's checks with
// the same codes and messages, then the plugin reads the content as create would; nothing is
// stored, nothing queued (PluginPreflight.cpp).

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/PreflightReport.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <cstdint>
#include <functional>
#include <string>

namespace finimport::app {

class PluginImport {
public:
    PluginImport(store::Database& db, const plugin::PluginRegistry& plugins,
                 const TypeCatalogue& types, const ImportSettings& config)
        : _db(db), _plugins(plugins), _types(types), _config(config) {}

    // `type` is resolved (never `auto`) and read by a plugin. The uploaded content is moved out
    // of `request` into the stored import when it is already UTF-8: it is not copied.
    StoredUpload store(CreateImportRequest& request, const std::string& type);
    // `type` as for store.
    PreflightResult preflight(const CreateImportRequest& request, const std::string& type);

    // Tests: called on the storing thread after each row is stored, with the rows stored so far.
    std::function<void(int64_t rowsStored)> afterRowHook;

private:
    store::Database& _db;
    const plugin::PluginRegistry& _plugins;
    const TypeCatalogue& _types;
    const ImportSettings& _config;
};

} // namespace finimport::app
