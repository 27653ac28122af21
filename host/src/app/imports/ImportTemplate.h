#pragma once
// docs/decisions.md D66 saved templates: `template_from_import_id` names an import of the same
// family and type whose options (its stored configuration and account) fill the ones the request
// leaves out; fields sent in the request win.

#include "app/imports/ImportRequest.h"
#include "store/Database.h"

#include <optional>
#include <string>

namespace finimport::app {

// Fills `request` from its template; a 422 validation_failed when the id names no import of
// the family (unknown, another family's, malformed) or one of another type.
std::optional<Error> applyImportTemplate(store::Database& db, CreateImportRequest& request,
                                         const std::string& type);

} // namespace finimport::app
