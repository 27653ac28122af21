// Loads the configured plugin directories, each with the run policy its origin calls for.
#pragma once

#include "plugin/PluginRegistry.h"
#include "server/Config.h"

namespace finimport::server {

// The policy of importers from `directory`: budgets from the config; isolation as configured,
// or by default process for third-party directories and inline for the built-in one.
plugin::RunPolicy runPolicyFor(const Config& config, bool builtIn);

// Loads config.pluginDirs (or the default directories) in order into `registry`.
void loadPlugins(plugin::PluginRegistry& registry, const Config& config);

} // namespace finimport::server
