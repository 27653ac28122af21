#pragma once
// POST /api/v1/recurring_transactions (docs/api.md §8; docs/decisions.md D24, D25).

#include "app/recurring/RecurringService.h"
#include "http/JsonWriter.h"
#include "http/Request.h"

namespace finimport::http {

Response createRecurring(app::RecurringService& service, const Request& request);
// The docs/api.md §8.5 object (with `status` in `account`, docs/decisions.md D24).
void writeRecurring(JsonWriter& w, const app::RecurringView& view);

} // namespace finimport::http
