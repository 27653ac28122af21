// Schema version 7 (docs/decisions.md D44): a row the client excluded with
// `PATCH /api/v1/imports/{id}/rows/{number}` stays stored (its errors still show) but is never
// published and counts only in `stats.excluded_rows_count`.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV7() {
    Migration m{7, "import rows excluded by row edits", {}, {}};
    m.statements.push_back(
        "ALTER TABLE import_rows ADD COLUMN excluded INTEGER NOT NULL DEFAULT 0");
    return {m};
}

} // namespace finimport::store
