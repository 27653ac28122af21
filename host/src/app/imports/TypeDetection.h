#pragma once
// Which import type reads an upload (docs/decisions.md D96): `type=auto` asks every importer's
// probe, an explicit CSV-family type is refused for a file a statement format recognises with
// certainty, and an unknown type lists the valid ones.

#include "app/imports/ImportRequest.h"
#include "plugin/PluginRegistry.h"

#include <optional>
#include <string>

namespace finimport::app {

// `type` as requested: missing/blank → TransactionImport, SureImport → ServiceImport.
std::string resolveImportType(const std::optional<std::string>& requested);

// `type` as the request gave it (resolved: blank → `defaultType`). For `auto`, replaced by the
// type the probes choose (`defaultType` for text no importer is certain of); nullopt when the
// upload may go on, else the refusal.
std::optional<Error> chooseImportType(const plugin::PluginRegistry& plugins,
                                      CreateImportRequest& request, std::string& type,
                                      const std::string& defaultType);

// "AccountImport, CamtImport, …": every served type, sorted, for the unknown-type error.
std::string validTypesText(const plugin::PluginRegistry& plugins);

} // namespace finimport::app
