#pragma once
// POST /api/v1/imports/preflight (API.md §12.4; DECISIONS.md D29). Read scope.

#include "app/Preflight.h"
#include "http/Request.h"

namespace finimport::http {

Response preflightImport(app::ImportPreflight& preflight, const Request& request);

} // namespace finimport::http
