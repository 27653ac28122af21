// One validated importer of a loaded plugin, as the host uses it.
#pragma once

#include "plugin/Logger.h"
#include "plugin/Manifest.h"
#include "plugin/RunPolicy.h"

#include <finimport/plugin.h>

#include <memory>
#include <string>
#include <vector>

namespace finimport::plugin {

struct ImporterHandle {
    std::string id;                 // fi_importer::id, e.g. "csv.transactions"
    std::vector<std::string> types; // import types served, descriptor order
    Manifest manifest;
    std::string pluginName;
    std::string pluginVersion;
    std::string file;                      // path of the shared object
    const fi_importer* importer = nullptr; // static storage inside the plugin
    // The importer's single-record check (ABI 1.1 finimport_row_checks_v1); nullptr: none.
    fi_check_row_fn checkRow = nullptr;
    // Keeps the shared object mapped while any copy of the handle lives (Boost.DLL lifetime trap:
    // `importer` and its functions point into the plugin's memory).
    std::shared_ptr<const void> library;
    Logger logger;    // the registry's logger
    RunPolicy policy; // isolation and budgets of every run (set by the registry at load)

    // "plugin csv importer csv.transactions", the prefix of every message about this importer.
    std::string displayName() const { return "plugin " + pluginName + " importer " + id; }
};

} // namespace finimport::plugin
