#pragma once
// GET /api/v1/exports/ndjson (docs/decisions.md D23): the key's family as service NDJSON, streamed.

#include "http/Request.h"
#include "store/Database.h"

namespace finimport::http {

Response exportNdjson(store::Database& db, Request& request);

} // namespace finimport::http
