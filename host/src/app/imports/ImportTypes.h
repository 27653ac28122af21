#pragma once
// What the host knows about an import type: only what the serving plugin's manifest declares
// (sdk/docs/plugin-manifest.md). The host carries no table of formats, so a third-party type gets
// exactly what a built-in one gets.

#include "app/imports/ImportSettings.h"
#include "plugin/Manifest.h"
#include "plugin/PluginRegistry.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

struct ImportTypeTraits {
    std::string type;
    // The serving plugin's manifest; nullptr when no loaded plugin serves the type.
    std::shared_ptr<const plugin::Manifest> manifest;
    plugin::TypeDetails details;
    bool categoryMapping = false, tagMapping = false, accountMapping = false,
         accountTypeMapping = false;
    bool needsAccount = false; // accountless rows block publishing

    bool known() const { return manifest != nullptr; }
    // The input is passed as uploaded (never transcoded), stored as base64.
    bool binary() const { return manifest && manifest->binary; }
    // The engine's own NDJSON backup, which has its own upload, preflight and publish.
    bool backup() const { return details.hasRecordKind("backup"); }
    // Rows become transactions or trades on accounts.
    bool producesEntries() const {
        return details.hasRecordKind("transaction") || details.hasRecordKind("trade");
    }
    std::string fileNoun() const;
    int64_t contentLimit() const;
    // The fatal error code of a run that sent none.
    std::string defaultErrorCode() const;
};

// The import types of one plugin registry (docs/decisions.md D225): made once from the loaded
// plugins by whoever composes the application (server/, the CLI) and handed to what needs it, so
// two servers in one process never see each other's types. Read-only once made: safe to share
// between threads.
class TypeCatalogue {
public:
    // Knows no type: every type is unknown.
    TypeCatalogue() = default;
    // Every type the registry serves, with the manifest of the plugin serving it.
    explicit TypeCatalogue(const plugin::PluginRegistry& registry);

    ImportTypeTraits traitsOf(const std::string& type) const;
    // Every type, sorted, comma-separated (docs/decisions.md D96: the unknown-type error lists
    // them).
    std::string knownTypesText() const;

private:
    std::map<std::string, std::shared_ptr<const plugin::Manifest>, std::less<>> _byType;
};

// "10MB" (whole megabytes, as the seed writes them), else "64 bytes".
std::string contentLimitText(int64_t bytes);
int64_t rowCapOf(const ImportTypeTraits& traits, const ImportSettings& config);
// The setting that raises that cap ("limits.rows"), and the refusal naming it (docs/decisions.md
// D100).
std::string rowCapSettingOf(const ImportTypeTraits& traits);
std::string rowCapMessage(const ImportTypeTraits& traits, const ImportSettings& config,
                          int64_t rows);

} // namespace finimport::app
