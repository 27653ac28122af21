// `finimport plugins`: one line per import type served and its plugin.
#include "cli/Commands.h"
#include "cli/ConfigFlags.h"
#include "plugin/PluginRegistry.h"
#include "server/Config.h"

#include <iostream>

namespace finimport::cli {

int runPlugins(const Args& args) {
    server::Config config = loadConfig(args);
    auto dirs = config.pluginDirs.empty() ? server::defaultPluginDirs() : config.pluginDirs;
    plugin::PluginRegistry registry([](plugin::LogLevel level, const std::string& message) {
        if (level >= plugin::LogLevel::Warning) std::cerr << message << "\n";
    });
    registry.loadDirectories(dirs);
    for (const auto& t : registry.types())
        std::cout << t.type << "  " << t.pluginName << " " << t.pluginVersion << "  ("
                  << t.importerId << ", " << t.file << ")\n";
    return registry.types().empty() ? 1 : 0;
}

} // namespace finimport::cli
