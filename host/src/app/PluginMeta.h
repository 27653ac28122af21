#pragma once
// A plugin may end its output with one `meta` record (sdk/docs/records.md): facts about the
// whole file rather than a row (the QIF date pattern it detected, a PDF statement's summary).
// It is taken out of the rows here; `date_format`, `number_format` and `col_sep` update the
// import's configuration (D16, D57 echo the values an `auto` option resolved to), `error`
// (D55: an undecidable format) becomes the import's error, and every field is kept as JSON in
// imports.extracted.

#include "app/ImportContent.h"
#include "app/ImportOptions.h"

#include <optional>
#include <string>

namespace finimport::app {

// Removes `meta` rows from `rows`; returns their fields as a JSON object text (nullopt when
// there were none).
std::optional<std::string> takePluginMeta(GeneratedRows& rows, ImportOptions& options,
                                          std::optional<std::string>* error = nullptr);

} // namespace finimport::app
