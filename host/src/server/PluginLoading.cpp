#include "server/PluginLoading.h"

#include <algorithm>
#include <filesystem>

namespace finimport::server {

namespace {

std::string canonical(const std::string& directory) {
    std::error_code ec;
    auto path = std::filesystem::weakly_canonical(directory, ec);
    return ec ? directory : path.string();
}

} // namespace

plugin::RunPolicy runPolicyFor(const Config& config, bool builtIn) {
    plugin::RunPolicy policy;
    if (!config.pluginIsolation.empty())
        policy.isolation = plugin::isolationFromName(config.pluginIsolation);
    else
        policy.isolation = builtIn ? plugin::Isolation::Inline : plugin::Isolation::Process;
    policy.timeoutSeconds = static_cast<uint32_t>(config.pluginRunTimeoutSeconds);
    policy.maxRows = static_cast<uint64_t>(config.pluginMaxRows);
    policy.maxOutputBytes = static_cast<uint64_t>(config.pluginMaxOutputBytes);
    policy.memoryLimitMb = static_cast<uint64_t>(config.pluginMemoryLimitMb);
    return policy;
}

void loadPlugins(plugin::PluginRegistry& registry, const Config& config) {
    std::vector<std::string> builtIn;
    for (const auto& d : defaultPluginDirs())
        builtIn.push_back(canonical(d));
    const auto& dirs = config.pluginDirs.empty() ? defaultPluginDirs() : config.pluginDirs;
    // One directory at a time, in order: the first importer of a type keeps it.
    for (const auto& dir : dirs) {
        const bool isBuiltIn =
            std::find(builtIn.begin(), builtIn.end(), canonical(dir)) != builtIn.end();
        registry.loadDirectories({dir}, runPolicyFor(config, isBuiltIn));
    }
}

} // namespace finimport::server
