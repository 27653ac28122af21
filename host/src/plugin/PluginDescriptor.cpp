#include "plugin/PluginDescriptor.h"

#include "plugin/Utf8.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace finimport::plugin {
namespace {

// Sanity bounds: a descriptor beyond them is garbage, not a real plugin.
constexpr size_t kMaxImporters = 256;
constexpr size_t kMaxTypesPerImporter = 64;

// Thrown inside this file only; readDescriptor turns it into PluginLoadResult::error.
struct Refused {
    std::string message;
};

[[noreturn]] void refuse(std::string message) {
    throw Refused{std::move(message)};
}

std::string text(const char* value) {
    return value ? toValidUtf8(value) : std::string();
}

std::string abiText(uint32_t major, uint32_t minor) {
    return std::to_string(major) + "." + std::to_string(minor);
}

std::string listText(std::vector<std::string> items) {
    std::sort(items.begin(), items.end());
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "\"" : ", \"") + item + "\"";
    return "[" + out + "]";
}

void checkVersion(const fi_plugin& plugin, const std::string& file) {
    const std::string host = abiText(FI_ABI_MAJOR, FI_ABI_MINOR);
    const std::string built = abiText(plugin.abi_major, plugin.abi_minor);
    if (plugin.abi_major != FI_ABI_MAJOR) {
        // Another major version may lay out the rest of the struct differently: name the file.
        refuse("plugin " + std::filesystem::path(file).filename().string() + " was built for ABI " +
               built + ", this host supports " + host);
    }
    if (plugin.abi_minor > FI_ABI_MINOR) {
        refuse("plugin " + text(plugin.name) + " was built for ABI " + built +
               ", this host supports " + host);
    }
}

std::vector<std::string> importerTypes(const fi_importer& importer, const std::string& who) {
    std::vector<std::string> types;
    for (size_t i = 0; importer.types && importer.types[i]; ++i) {
        if (i == kMaxTypesPerImporter) refuse(who + " lists more than 64 types");
        types.push_back(text(importer.types[i]));
        if (types.back().empty()) refuse(who + " serves an empty type name");
    }
    if (types.empty()) refuse(who + " serves no types");
    return types;
}

ImporterHandle readImporter(const fi_plugin& plugin, size_t index, const std::string& pluginName) {
    const fi_importer* importer = plugin.importers[index];
    std::string who = "plugin " + pluginName + " importer #" + std::to_string(index + 1);
    if (!importer) refuse(who + " is NULL");
    if (importer->struct_size < kImporterSizeV1_0) {
        refuse(who + " struct_size " + std::to_string(importer->struct_size) +
               " is smaller than the ABI 1.0 size " + std::to_string(kImporterSizeV1_0));
    }
    ImporterHandle handle;
    handle.id = text(importer->id);
    if (handle.id.empty()) refuse(who + " has no id");
    who = "plugin " + pluginName + " importer " + handle.id;
    handle.types = importerTypes(*importer, who);
    if (!importer->manifest_json) refuse(who + " has no manifest");
    auto parsed = parseManifest(importer->manifest_json);
    if (!parsed.manifest) refuse(who + " has an invalid manifest: " + parsed.error);
    // One manifest file may describe every type of its plugin (embedded in each importer):
    // each type this importer serves must be listed in it.
    const auto& listed = parsed.manifest->types;
    const bool covered = std::all_of(handle.types.begin(), handle.types.end(), [&](auto& type) {
        return std::find(listed.begin(), listed.end(), type) != listed.end();
    });
    if (!covered) {
        refuse(who + " has a manifest whose \"types\" " + listText(parsed.manifest->types) +
               " differ from the importer's types " + listText(handle.types));
    }
    if (!importer->probe) refuse(who + " has no probe function");
    if (!importer->run) refuse(who + " has no run function");
    handle.manifest = std::move(*parsed.manifest);
    handle.importer = importer;
    return handle;
}

LoadedPlugin readPlugin(const fi_plugin* descriptor, const std::string& file) {
    if (!descriptor) refuse("entry function returned no descriptor");
    const fi_plugin& plugin = *descriptor;
    if (plugin.struct_size < kPluginSizeV1_0) {
        refuse("descriptor struct_size " + std::to_string(plugin.struct_size) +
               " is smaller than the ABI 1.0 size " + std::to_string(kPluginSizeV1_0));
    }
    checkVersion(plugin, file);
    LoadedPlugin loaded;
    loaded.file = file;
    loaded.name = text(plugin.name);
    if (loaded.name.empty()) refuse("descriptor has no name");
    loaded.version = text(plugin.version);
    if (loaded.version.empty()) refuse("plugin " + loaded.name + " has no version");
    if (plugin.importer_count == 0 || !plugin.importers) {
        refuse("plugin " + loaded.name + " has no importers");
    }
    if (plugin.importer_count > kMaxImporters) {
        refuse("plugin " + loaded.name + " declares " + std::to_string(plugin.importer_count) +
               " importers (at most 256)");
    }
    std::set<std::string> ids;
    for (size_t i = 0; i < plugin.importer_count; ++i) {
        loaded.importers.push_back(readImporter(plugin, i, loaded.name));
        if (!ids.insert(loaded.importers.back().id).second) {
            refuse("plugin " + loaded.name + " declares importer " + loaded.importers.back().id +
                   " twice");
        }
    }
    return loaded;
}

} // namespace

std::optional<std::string> readRowChecks(const fi_row_checks* checks, LoadedPlugin& plugin) {
    const std::string who = "plugin " + plugin.name + " row checks";
    if (!checks) return who + ": the symbol returned NULL";
    if (checks->struct_size < sizeof(fi_row_checks))
        return who + ": struct_size " + std::to_string(checks->struct_size) +
               " is smaller than the ABI 1.1 size " + std::to_string(sizeof(fi_row_checks));
    if (checks->count > kMaxImporters || (checks->count > 0 && !checks->items))
        return who + ": the table is malformed";
    for (size_t i = 0; i < checks->count; ++i) {
        const fi_row_check* check = checks->items[i];
        const std::string entry = who + " #" + std::to_string(i + 1);
        if (!check || check->struct_size < sizeof(fi_row_check))
            return entry + " is NULL or smaller than the ABI 1.1 size";
        if (!check->check_row) return entry + " has no function";
        const std::string id = text(check->importer_id);
        auto importer = std::find_if(plugin.importers.begin(), plugin.importers.end(),
                                     [&](const ImporterHandle& h) { return h.id == id; });
        if (importer == plugin.importers.end())
            return entry + " names the unknown importer \"" + id + "\"";
        if (importer->checkRow) return entry + " names importer " + id + " twice";
        importer->checkRow = check->check_row;
    }
    return std::nullopt;
}

PluginLoadResult readDescriptor(const fi_plugin* descriptor, const std::string& file,
                                const std::shared_ptr<const void>& library, const Logger& logger) {
    try {
        LoadedPlugin plugin = readPlugin(descriptor, file);
        for (auto& importer : plugin.importers) {
            importer.pluginName = plugin.name;
            importer.pluginVersion = plugin.version;
            importer.file = file;
            importer.library = library;
            importer.logger = logger;
        }
        return {std::move(plugin), ""};
    } catch (const Refused& refused) {
        return {std::nullopt, refused.message};
    }
}

} // namespace finimport::plugin
