#pragma once
// The served OpenAPI document: schemas/openapi.yaml with the types and options of the plugins
// this server loaded (docs/decisions.md D10), so a third party's type is documented like a built-in
// one.

#include "plugin/PluginRegistry.h"

#include <string>

namespace finimport::http {

// Fills the document's markers: `[x-import-types]` (the served types),
// `# x-plugin-options` (CreateImportParams) and `# x-plugin-configuration`
// (ImportConfiguration) lines. Every generated string is JSON-quoted, so no description can
// break the YAML.
std::string openApiDocument(const plugin::PluginRegistry& plugins);

} // namespace finimport::http
