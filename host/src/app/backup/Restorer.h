#pragma once
// The ServiceImport publish and revert jobs (docs/imports.md §6.12, docs/api.md §7.8,
// docs/decisions.md D19–D21): one transaction each; family-wide counts before and after; the
// readback; balances.

#include "app/imports/ImportSettings.h"
#include "app/imports/ImportTypes.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <functional>
#include <string>

namespace finimport::app::backup {

class Restorer {
public:
    Restorer(store::Database& db, const ImportSettings& config,
             const plugin::PluginRegistry* plugins, const TypeCatalogue& types)
        : _db(db), _config(config), _plugins(plugins), _types(types) {}

    // `afterRecordsHook` runs inside the transaction once the records exist (tests inject
    // failures there).
    void publish(const std::string& importId, const std::function<void()>& afterRecordsHook);
    void revert(const std::string& importId);

private:
    store::Database& _db;
    const ImportSettings& _config;
    const plugin::PluginRegistry* _plugins;
    const TypeCatalogue& _types;
};

} // namespace finimport::app::backup
