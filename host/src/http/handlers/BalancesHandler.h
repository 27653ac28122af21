#pragma once
// GET /api/v1/balances (API.md §9.2 with §10 changes).

#include "http/Request.h"
#include "store/Database.h"

namespace finimport::http {

Response listBalances(store::Database& db, const Request& request);

} // namespace finimport::http
