#pragma once
// POST /api/v1/imports/preflight (docs/api.md §12.4; docs/decisions.md D29). Read scope.

#include "app/requests/ImportService.h"
#include "http/Request.h"

namespace finimport::http {

Response preflightImport(app::ImportService& imports, Request& request);

} // namespace finimport::http
