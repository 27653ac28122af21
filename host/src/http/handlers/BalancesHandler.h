#pragma once
// GET /api/v1/balances (docs/api.md §9.2 with §10 changes).

#include "http/Request.h"
#include "http/handlers/ListCache.h"

namespace finimport::http {

// Pages are served from `cache` while the data they show is unchanged.
Response listBalances(ListCache& cache, const Request& request);

} // namespace finimport::http
