#include "app/imports/ImportTypes.h"

#include <map>
#include <mutex>
#include <shared_mutex>

namespace finimport::app {

namespace {

struct Catalog {
    std::shared_mutex mutex;
    std::map<std::string, std::shared_ptr<const plugin::Manifest>, std::less<>> byType;
};

Catalog& catalog() {
    static Catalog instance;
    return instance;
}

} // namespace

void registerImportTypes(const plugin::PluginRegistry& registry) {
    Catalog& c = catalog();
    std::unique_lock lock(c.mutex);
    // The latest load wins: a process runs one server at a time (tests start them in turn, with
    // other plugin directories), and its registry serves each type from one manifest.
    for (const auto& info : registry.types())
        if (const auto* importer = registry.find(info.type))
            c.byType[info.type] = std::make_shared<plugin::Manifest>(importer->manifest);
}

ImportTypeTraits traitsOf(const std::string& type) {
    ImportTypeTraits t;
    t.type = type;
    {
        Catalog& c = catalog();
        std::shared_lock lock(c.mutex);
        if (auto it = c.byType.find(type); it != c.byType.end()) t.manifest = it->second;
    }
    if (!t.manifest) return t;
    t.details = t.manifest->details(type);
    t.categoryMapping = t.details.hasMapping("category");
    t.tagMapping = t.details.hasMapping("tag");
    t.accountMapping = t.details.hasMapping("account");
    t.accountTypeMapping = t.details.hasMapping("account_type");
    t.needsAccount = t.details.needsAccount;
    return t;
}

std::string knownTypesText() {
    Catalog& c = catalog();
    std::shared_lock lock(c.mutex);
    std::string text;
    for (const auto& [type, manifest] : c.byType)
        text += (text.empty() ? "" : ", ") + type;
    return text;
}

std::string ImportTypeTraits::fileNoun() const {
    return manifest ? manifest->fileNounText() : "a supported file";
}

int64_t ImportTypeTraits::contentLimit() const {
    return manifest ? manifest->maxContentBytes : plugin::Manifest().maxContentBytes;
}

std::string ImportTypeTraits::defaultErrorCode() const {
    if (!manifest) return "invalid_file";
    return manifest->defaultErrorCode ? *manifest->defaultErrorCode : manifest->invalidCode();
}

std::string contentLimitText(int64_t bytes) {
    constexpr int64_t kMegabyte = 1048576;
    if (bytes % kMegabyte == 0) return std::to_string(bytes / kMegabyte) + "MB";
    return std::to_string(bytes) + " bytes";
}

int64_t rowCapOf(const std::string& type, const ImportSettings& config) {
    const std::string cap = traitsOf(type).details.rowCap;
    if (cap == "accounts") return config.accountRowCap;
    if (cap == "service") return config.serviceRowCap;
    return config.rowCap;
}

std::string rowCapSettingOf(const std::string& type) {
    const std::string cap = traitsOf(type).details.rowCap;
    if (cap == "accounts") return "limits.account_rows";
    if (cap == "service") return "limits.service_rows";
    return "limits.rows";
}

std::string rowCapMessage(const std::string& type, const ImportSettings& config, int64_t rows) {
    return "Import was uploaded but has too many rows to publish automatically: " +
           std::to_string(rows) + " rows, the limit is " + std::to_string(rowCapOf(type, config)) +
           " (setting " + rowCapSettingOf(type) + ").";
}

} // namespace finimport::app
