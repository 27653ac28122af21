#pragma once
// The ServiceImport publish and revert jobs (IMPORTS.md §6.12, API.md §7.8, D19–D21): one
// transaction each; family-wide counts before and after; the readback; balances.

#include "app/Config.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <functional>
#include <string>

namespace finimport::app::service {

class ServicePublisher {
public:
    ServicePublisher(store::Database& db, const Config& config,
                     const plugin::PluginRegistry* plugins)
        : _db(db), _config(config), _plugins(plugins) {}

    // `afterRecordsHook` runs inside the transaction once the records exist (tests inject
    // failures there).
    void publish(const std::string& importId, const std::function<void()>& afterRecordsHook);
    void revert(const std::string& importId);

private:
    store::Database& _db;
    const Config& _config;
    const plugin::PluginRegistry* _plugins;
};

} // namespace finimport::app::service
