#pragma once
// Every route of the API (API.md, DECISIONS.md D23) and the handler serving it.

#include "app/Config.h"
#include "app/ImportService.h"
#include "http/Router.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <memory>

namespace finimport::http {

struct RouteServices {
    store::Database& db;
    app::ImportService& imports;
    const plugin::PluginRegistry& plugins;
    const app::Config& config;
};

Router buildRoutes(RouteServices services);

} // namespace finimport::http
