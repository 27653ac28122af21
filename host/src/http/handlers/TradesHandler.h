#pragma once
// GET /api/v1/trades (API.md §9.3 with §10 changes 5, 6, 7, 11; DECISIONS.md D24, D27, D28).

#include "http/Request.h"
#include "store/Database.h"

namespace finimport::http {

Response listTrades(store::Database& db, const Request& request);

} // namespace finimport::http
