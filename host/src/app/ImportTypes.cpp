#include "app/ImportTypes.h"

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
    for (const auto& info : registry.types()) {
        if (c.byType.count(info.type)) continue;
        if (const auto* importer = registry.find(info.type))
            c.byType.emplace(info.type, std::make_shared<plugin::Manifest>(importer->manifest));
    }
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

int64_t rowCapOf(const std::string& type, const Config& config) {
    const std::string cap = traitsOf(type).details.rowCap;
    if (cap == "accounts") return config.accountRowCap;
    if (cap == "service") return config.serviceRowCap;
    return config.rowCap;
}

} // namespace finimport::app
