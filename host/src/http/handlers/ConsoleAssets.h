#pragma once
// The web console's files (host/console/), embedded at build time (cmake/EmbedConsole.cmake) and
// served by consoleRoutes (docs/console.md).

#include "http/Router.h"

#include <string_view>
#include <vector>

namespace finimport::http {

struct ConsoleAsset {
    std::string_view name; // file name, e.g. "app.js"
    std::string_view text;
};

const std::vector<ConsoleAsset>& consoleAssets();

// GET / (the console's page), GET /console and GET /console/NAME (a file of the console; any other
// name without a dot is the page again, so a reloaded deep link still opens the console). Every
// answer carries the console's security headers (docs/console.md "Security").
void addConsoleRoutes(Router& router);

} // namespace finimport::http
