// Schema version 4 (the upload side): import_rows is rebuilt keyed by
// (import_id, row_number), the order every read uses, without the index on the random row id
// that no query reads (one B-tree less per stored row); rows carry their validity at upload,
// so `GET /imports/{id}/rows?invalid=true` pages in SQL over a partial index.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV4() {
    Migration m{4, "import rows keyed by import and row number, with a validity flag", {}};
    auto& s = m.statements;
    s.push_back(R"(CREATE TABLE import_rows_v11 (
        import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
        row_number BIGINT NOT NULL, id TEXT NOT NULL, kind TEXT NOT NULL, fields TEXT NOT NULL,
        errors TEXT NOT NULL, sort_key TEXT, valid INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (import_id, row_number)))");
    // Rows stored before: their parse errors decide validity (no date/currency re-check).
    s.push_back(R"(INSERT INTO import_rows_v11
        (import_id, row_number, id, kind, fields, errors, sort_key, valid)
        SELECT import_id, row_number, id, kind, fields, errors, sort_key,
               CASE WHEN errors = '[]' THEN 1 ELSE 0 END FROM import_rows)");
    s.push_back("DROP TABLE import_rows");
    s.push_back("ALTER TABLE import_rows_v11 RENAME TO import_rows");
    // Partial: only invalid rows are indexed, so a clean upload pays no extra index insert.
    s.push_back("CREATE INDEX import_rows_invalid ON import_rows (import_id, row_number) "
                "WHERE valid = 0");
    return {m};
}

} // namespace finimport::store
