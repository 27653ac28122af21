#pragma once
// GET /api/v1/trades (docs/api.md §9.3 with §10 changes 5, 6, 7, 11; docs/decisions.md D24, D27,
// D28).

#include "http/Request.h"
#include "http/handlers/ListCache.h"

namespace finimport::http {

// Pages are served from `cache` while the data they show is unchanged.
Response listTrades(ListCache& cache, const Request& request);

} // namespace finimport::http
