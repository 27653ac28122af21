// The loaded importers, indexed by the import types they serve.
#pragma once

#include "domain/NoCopy.h"
#include "plugin/ImporterHandle.h"
#include "plugin/Logger.h"
#include "plugin/PluginLoader.h"

#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::plugin {

// One row of `finimport plugins` and of the valid `type` values (docs/decisions.md D10).
struct TypeInfo {
    std::string type;
    std::string pluginName;
    std::string pluginVersion;
    std::string importerId;
    std::string file;
};

// A plugin file or directory that was refused, and why.
struct LoadProblem {
    std::string path;
    std::string message;
};

class PluginRegistry : domain::NoCopy {
public:
    explicit PluginRegistry(Logger logger = stderrLogger());

    // Loads every *.so directly inside each directory, in order (files sorted by name). A refused
    // file is recorded in problems() and logged; it never stops the others. Files already seen
    // (by canonical path) are skipped, so loading a directory again changes nothing. When two
    // importers serve the same type, the first loaded keeps it and the later one is refused.
    void loadDirectories(const std::vector<std::string>& directories);
    // The same, and every importer loaded by this call runs under `policy` (isolation, budgets).
    void loadDirectories(const std::vector<std::string>& directories, const RunPolicy& policy);

    // The importer serving `importType`, or nullptr. The pointer stays valid for the registry's
    // life (loads only ever add).
    const ImporterHandle* find(std::string_view importType) const;

    // Every served type, sorted by type.
    std::vector<TypeInfo> types() const;

    // Everything refused so far, in load order. Read it after loading, not during.
    const std::vector<LoadProblem>& problems() const { return _problems; }

private:
    void loadDirectory(const std::string& directory);
    void loadFile(const std::filesystem::path& file);
    void addImporter(ImporterHandle importer);
    void recordProblem(const std::string& path, const std::string& message, LogLevel level);

    Logger _logger;
    PluginLoader _loader;
    mutable std::shared_mutex _mutex;      // guards everything below; loads take it exclusively
    std::set<std::string> _seenFiles;      // canonical paths
    std::deque<ImporterHandle> _importers; // deque: handles never move
    std::map<std::string, const ImporterHandle*, std::less<>> _byType;
    std::vector<std::shared_ptr<const void>> _libraries; // every mapped plugin, never unloaded
    std::vector<LoadProblem> _problems;
    RunPolicy _policy; // of the load in progress
};

} // namespace finimport::plugin
