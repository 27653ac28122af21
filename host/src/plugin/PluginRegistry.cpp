#include "plugin/PluginRegistry.h"

#include <filesystem>
#include <mutex>

namespace finimport::plugin {
namespace {

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

} // namespace

PluginRegistry::PluginRegistry(Logger logger)
    : _logger(logger ? std::move(logger) : Logger([](LogLevel, const std::string&) {})),
      _loader(_logger) {}

void PluginRegistry::loadDirectories(const std::vector<std::string>& directories) {
    loadDirectories(directories, RunPolicy{});
}

void PluginRegistry::loadDirectories(const std::vector<std::string>& directories,
                                     const RunPolicy& policy) {
    std::unique_lock lock(_mutex);
    _policy = policy;
    for (const auto& directory : directories)
        loadDirectory(directory);
}

void PluginRegistry::loadDirectory(const std::string& directory) {
    std::string error;
    const auto files = PluginLoader::listPluginFiles(directory, error);
    if (!error.empty()) {
        recordProblem(directory, "plugin directory " + error, LogLevel::Warning);
        return;
    }
    for (const auto& file : files)
        loadFile(file);
}

void PluginRegistry::loadFile(const std::filesystem::path& file) {
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(file, ec);
    if (!_seenFiles.insert(ec ? file.string() : canonical.string()).second) return;

    PluginFileLoad load = _loader.load(file);
    if (load.library) _libraries.push_back(load.library);
    if (!load.result.plugin) {
        recordProblem(file.string(), load.result.error, LogLevel::Error);
        return;
    }
    const LoadedPlugin& plugin = *load.result.plugin;
    std::vector<std::string> ids;
    for (const auto& importer : plugin.importers)
        ids.push_back(importer.id);
    _logger(LogLevel::Info, "loaded plugin " + plugin.name + " " + plugin.version + " from " +
                                file.string() + " (importers: " + joined(ids) + ")");
    for (auto& importer : load.result.plugin->importers)
        addImporter(std::move(importer));
}

void PluginRegistry::addImporter(ImporterHandle importer) {
    importer.policy = _policy;
    for (const auto& type : importer.types) {
        const auto existing = _byType.find(type);
        if (existing != _byType.end()) {
            const ImporterHandle& owner = *existing->second;
            recordProblem(importer.file,
                          importer.displayName() + " refused: type " + type +
                              " is already served by " + owner.displayName() + " (" + owner.file +
                              ")",
                          LogLevel::Warning);
            return;
        }
    }
    const ImporterHandle& stored = _importers.emplace_back(std::move(importer));
    for (const auto& type : stored.types)
        _byType.emplace(type, &stored);
}

void PluginRegistry::recordProblem(const std::string& path, const std::string& message,
                                   LogLevel level) {
    _problems.push_back({path, message});
    _logger(level, "refused " + path + ": " + message);
}

const ImporterHandle* PluginRegistry::find(std::string_view importType) const {
    std::shared_lock lock(_mutex);
    const auto found = _byType.find(importType);
    return found == _byType.end() ? nullptr : found->second;
}

std::vector<TypeInfo> PluginRegistry::types() const {
    std::shared_lock lock(_mutex);
    std::vector<TypeInfo> infos;
    for (const auto& [type, importer] : _byType) { // std::map: already sorted by type
        infos.push_back(
            {type, importer->pluginName, importer->pluginVersion, importer->id, importer->file});
    }
    return infos;
}

} // namespace finimport::plugin
