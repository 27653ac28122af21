#pragma once
// Every route of the API (docs/api.md, docs/decisions.md D23) and the handler serving it.

#include "app/imports/ImportSettings.h"
#include "app/requests/ImportService.h"
#include "http/Router.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <memory>

namespace finimport::http {

struct RouteServices {
    store::Database& db;
    app::ImportService& imports;
    const plugin::PluginRegistry& plugins;
    const app::ImportSettings& settings;
    bool consoleEnabled = true; // GET / and /console/* (docs/console.md)
};

Router buildRoutes(RouteServices services);

} // namespace finimport::http
