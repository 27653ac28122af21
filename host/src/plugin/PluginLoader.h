// Finds plugin files and loads one shared object with Boost.DLL.
#pragma once

#include "plugin/Logger.h"
#include "plugin/PluginDescriptor.h"

#include <sys/types.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace finimport::plugin {

struct PluginFileLoad {
    PluginLoadResult result;
    // Set whenever the shared object was mapped, even for a refused plugin: its entry function
    // ran, so it stays loaded like every other plugin (the host never unloads).
    std::shared_ptr<const void> library;
};

class PluginLoader {
public:
    explicit PluginLoader(Logger logger);

    // The regular files named *.so directly inside `directory` (not recursive), sorted by file
    // name. Sets `error` and returns nothing when the directory cannot be read.
    // A directory anyone could add a plugin to is refused before any file in it is opened.
    static std::vector<std::filesystem::path>
    listPluginFiles(const std::filesystem::path& directory, std::string& error);

    // Why `directory` is unsafe to load code from for a process with effective uid `euid`:
    // world-writable, or (when running as root) not owned by root. nullopt when safe.
    static std::optional<std::string> directoryRefusal(const std::filesystem::path& directory,
                                                       uid_t euid);

    // Loads `file` (RTLD_NOW: unresolved symbols fail here, not mid-import), calls its entry
    // symbol and validates the descriptor. Loads are serialized across the whole process.
    // Never throws for a broken plugin: the problem is in result.error.
    PluginFileLoad load(const std::filesystem::path& file) const;

private:
    Logger _logger;
};

} // namespace finimport::plugin
