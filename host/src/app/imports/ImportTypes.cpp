#include "app/imports/ImportTypes.h"

namespace finimport::app {

TypeCatalogue::TypeCatalogue(const plugin::PluginRegistry& registry) {
    for (const auto& info : registry.types())
        if (const auto* importer = registry.find(info.type))
            _byType[info.type] = std::make_shared<plugin::Manifest>(importer->manifest);
}

ImportTypeTraits TypeCatalogue::traitsOf(const std::string& type) const {
    ImportTypeTraits t;
    t.type = type;
    if (auto it = _byType.find(type); it != _byType.end()) t.manifest = it->second;
    if (!t.manifest) return t;
    t.details = t.manifest->details(type);
    t.categoryMapping = t.details.hasMapping("category");
    t.tagMapping = t.details.hasMapping("tag");
    t.accountMapping = t.details.hasMapping("account");
    t.accountTypeMapping = t.details.hasMapping("account_type");
    t.needsAccount = t.details.needsAccount;
    return t;
}

std::string TypeCatalogue::knownTypesText() const {
    std::string text;
    for (const auto& [type, manifest] : _byType)
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

int64_t rowCapOf(const ImportTypeTraits& traits, const ImportSettings& config) {
    const std::string& cap = traits.details.rowCap;
    if (cap == "accounts") return config.accountRowCap;
    if (cap == "service") return config.serviceRowCap;
    return config.rowCap;
}

std::string rowCapSettingOf(const ImportTypeTraits& traits) {
    const std::string& cap = traits.details.rowCap;
    if (cap == "accounts") return "limits.account_rows";
    if (cap == "service") return "limits.service_rows";
    return "limits.rows";
}

std::string rowCapMessage(const ImportTypeTraits& traits, const ImportSettings& config,
                          int64_t rows) {
    return "Import was uploaded but has too many rows to publish automatically: " +
           std::to_string(rows) + " rows, the limit is " +
           std::to_string(rowCapOf(traits, config)) + " (setting " + rowCapSettingOf(traits) + ").";
}

} // namespace finimport::app
