#pragma once
// A plugin may end its output with one `meta` record (sdk/docs/records.md): facts about the
// whole file rather than a row (the QIF date pattern it detected, a PDF statement's summary).
// It is taken out of the rows here; a field named like one of the import's options updates its
// configuration (docs/decisions.md D16, D57 echo the value used, e.g. what an `auto` option
// resolved to), `error` (D55: an undecidable format) becomes the import's error, and every field is
// kept as JSON in imports.extracted.

#include "app/imports/ImportContent.h"
#include "app/imports/ImportOptions.h"

#include <optional>
#include <string>

namespace finimport::app {

// Removes `meta` rows from `rows`; returns their fields as a JSON object text (nullopt when
// there were none).
std::optional<std::string> takePluginMeta(GeneratedRows& rows, ImportOptions& options,
                                          std::optional<std::string>* error = nullptr);

} // namespace finimport::app
