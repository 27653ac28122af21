#pragma once
// One row as `GET /imports/{id}/rows` shows it (docs/api.md §12.3, docs/decisions.md D15, D44):
// errors evaluated now, the visible fields, their mappings and `excluded`. PATCH answers the same
// shape.

#include "app/imports/ImportReads.h"
#include "http/JsonWriter.h"

namespace finimport::http {

void writeImportRow(JsonWriter& w, const app::ImportRowView& row);

} // namespace finimport::http
