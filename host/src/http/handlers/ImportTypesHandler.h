#pragma once
// GET /api/v1/import_types (docs/api.md §12.7): the served import types with the files they accept
// and the options their manifests declare, so a client (the web console's "New import" form) can
// build its form from them.

#include "http/Request.h"
#include "plugin/PluginRegistry.h"

namespace finimport::http {

// The whole answer, rendered once: the loaded plugins do not change while the server runs.
std::string importTypesJson(const plugin::PluginRegistry& plugins);

} // namespace finimport::http
