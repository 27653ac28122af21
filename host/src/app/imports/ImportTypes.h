#pragma once
// What the host knows about an import type: only what the serving plugin's manifest declares
// (sdk/docs/plugin-manifest.md). The host carries no table of formats, so a third-party type gets
// exactly what a built-in one gets.

#include "app/imports/ImportSettings.h"
#include "plugin/Manifest.h"
#include "plugin/PluginRegistry.h"

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

// Records every type the registry serves with its manifest (replacing what an earlier load
// recorded), so that the traits of stored imports can be read where no registry is at hand.
// Called once per server start, after loading.
void registerImportTypes(const plugin::PluginRegistry& registry);

ImportTypeTraits traitsOf(const std::string& type);

// Every registered type, sorted, comma-separated (docs/decisions.md D96: the unknown-type error
// lists them).
std::string knownTypesText();
// "10MB" (whole megabytes, as the seed writes them), else "64 bytes".
std::string contentLimitText(int64_t bytes);
int64_t rowCapOf(const std::string& type, const ImportSettings& config);
// The setting that raises that cap ("limits.rows"), and the refusal naming it (docs/decisions.md
// D100).
std::string rowCapSettingOf(const std::string& type);
std::string rowCapMessage(const std::string& type, const ImportSettings& config, int64_t rows);

} // namespace finimport::app
