#pragma once
// One row as `GET /imports/{id}/rows` shows it (docs/api.md §12.3, docs/decisions.md D15, D44):
// errors evaluated now, the visible fields, their mappings and `excluded`. PATCH answers the same
// shape.

#include "app/imports/RowValidation.h"
#include "domain/Date.h"
#include "http/JsonWriter.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <string>
#include <vector>

namespace finimport::http {

void writeImportRow(JsonWriter& w, store::Tx& s, const store::ImportRecord& import,
                    const std::vector<store::MappingRecord>& mappings,
                    const store::ImportRowRecord& row, domain::Date today);

} // namespace finimport::http
