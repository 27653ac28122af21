#pragma once
// PATCH /api/v1/imports/{id}/rows/{number} (docs/decisions.md D44): reads the JSON body into a row
// edit and answers the edited row as the rows endpoint shows it.

#include "app/imports/rowedit/RowEditor.h"
#include "http/Request.h"
#include "store/Database.h"

namespace finimport::http {

Response editImportRow(store::Database& db, app::RowEditor& editor, Request& request);

} // namespace finimport::http
