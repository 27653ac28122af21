#pragma once
// The content of a backup upload, read and checked the way create does it (docs/api.md §7.3,
// §7.7): by create and, with create's codes, by preflight (docs/decisions.md D29).

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportTypes.h"

#include <optional>
#include <string>
#include <variant>

namespace finimport::app {

struct BackupContent {
    std::string text; // the NDJSON; empty for an empty file part or blank raw_file_content
    std::optional<std::string> filename, contentType; // of the uploaded file part
};

// The file part (its size, then the manifest's media types or extensions) or raw_file_content
// (its size; blank text is empty, an array or object is "[]" and fails the NDJSON check):
// the content, or the error create answers. Neither is missing_content: the caller says.
std::variant<BackupContent, Error> readBackupContent(const CreateImportRequest& request,
                                                     const ImportTypeTraits& traits);

} // namespace finimport::app
