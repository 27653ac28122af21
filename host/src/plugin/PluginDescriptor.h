// Validation of the descriptor a plugin's entry function returns.
#pragma once

#include "plugin/ImporterHandle.h"

#include <finimport/plugin.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace finimport::plugin {

struct LoadedPlugin {
    std::string name;
    std::string version;
    std::string file;
    std::vector<ImporterHandle> importers;
};

// Either a usable plugin or the reason it is refused.
struct PluginLoadResult {
    std::optional<LoadedPlugin> plugin;
    std::string error;
};

// ABI 1.0 sizes: the end of the last field each struct had in version 1.0. They stay fixed when
// later minor versions grow the structs.
inline constexpr size_t kPluginSizeV1_0 = offsetof(fi_plugin, importers) + sizeof(void*);
inline constexpr size_t kImporterSizeV1_0 = offsetof(fi_importer, run) + sizeof(void*);
inline constexpr size_t kLocationSizeV1_0 = offsetof(fi_location, section) + sizeof(void*);

// Checks struct sizes, the ABI version, names, every importer and its manifest. Reads only
// the version 1.0 fields. `library` and `logger` are copied into every importer handle.
PluginLoadResult readDescriptor(const fi_plugin* descriptor, const std::string& file,
                                const std::shared_ptr<const void>& library, const Logger& logger);

// Attaches the row checks of the optional finimport_row_checks_v1 table (ABI 1.1) to the
// importers they name. The reason to refuse the plugin when the table is malformed (a NULL or
// short entry, an unknown or repeated importer id, no function), else nullopt.
std::optional<std::string> readRowChecks(const fi_row_checks* checks, LoadedPlugin& plugin);

} // namespace finimport::plugin
