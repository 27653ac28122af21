#pragma once
// Preflight of every type a plugin reads (docs/api.md §12.4 "CSV path"): create's checks with the
// same codes and messages, then the plugin reads the content as create would. Nothing is stored,
// nothing queued.

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/PreflightReport.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <string>

namespace finimport::app {

class PluginPreflight {
public:
    PluginPreflight(store::Database& db, const plugin::PluginRegistry& plugins,
                    const TypeCatalogue& types, const ImportSettings& config)
        : _db(db), _plugins(plugins), _types(types), _config(config) {}

    // `type` is resolved (never `auto`) and read by a plugin.
    PreflightResult run(const CreateImportRequest& request, const std::string& type);

private:
    store::Database& _db;
    const plugin::PluginRegistry& _plugins;
    const TypeCatalogue& _types;
    const ImportSettings& _config;
};

} // namespace finimport::app
