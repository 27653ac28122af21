#pragma once
// POST /api/v1/recurring_transactions (API.md §8; DECISIONS.md D24, D25).

#include "app/RecurringService.h"
#include "http/JsonWriter.h"
#include "http/Request.h"

namespace finimport::http {

Response createRecurring(app::RecurringService& service, const Request& request);
// The §8.5 object (with `status` in `account`, D24).
void writeRecurring(JsonWriter& w, const app::RecurringView& view);

} // namespace finimport::http
