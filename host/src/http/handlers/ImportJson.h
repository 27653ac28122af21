#pragma once
// JSON shapes of imports: ImportDetail (docs/api.md §7.8), the list summary (§12.1).

#include "app/imports/ImportEvaluation.h"
#include "app/imports/ImportRequest.h"
#include "http/JsonWriter.h"
#include "http/Request.h"

namespace finimport::http {

void writeImportDetail(JsonWriter& w, const app::ImportView& view);
void writeImportSummary(JsonWriter& w, const app::ImportView& view);
Response importDetailResponse(int status, const app::ImportView& view);

} // namespace finimport::http
