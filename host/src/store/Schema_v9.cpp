// Schema version 9 (the upload): an import's rows are stored in chunks of up to 256
// rows, one `import_row_chunks` row each (store/RowChunk.h), instead of a database row per
// import row. A 10 MB upload wrote about 120 MB of table and index for its 250,000 rows (the
// row's JSON with every field name, two 36-character ids, a primary-key index repeating the
// import id); as chunks it writes about its own size in a thousand inserts (bench/RESULTS.md).
// - `first_index`: the position of the chunk's first row among the import's rows, so a page
//   of rows is found by position; `row_count` rows follow it.
// - `first_row`, `last_row`: the smallest and largest row number in the chunk (a row edit
//   finds its row by number).
// - `invalid_count`: rows invalid at upload and not excluded (the `invalid=true` pages).
// - `first_id`: the id of the chunk's first row; the others count up from it.
// Rows stored before move into chunks of their own import, keeping their ids; the old table
// is dropped.
#include "store/Migrations.h"
#include "store/RowInserter.h"
#include "store/Sql.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

#include <limits>

namespace finimport::store {

namespace {

void moveRowsIntoChunks(Tx& s) {
    std::vector<std::string> imports;
    for (const auto& r : sqlQuery(s, "SELECT DISTINCT import_id FROM import_rows"))
        imports.push_back(r.str(0));
    for (const auto& importId : imports) {
        RowInserter inserter(s);
        int64_t after = std::numeric_limits<int64_t>::min();
        for (bool more = true; more;) {
            std::vector<ImportRowRecord> batch; // keyset pages: memory stays one page
            nativeQuery(s,
                        "SELECT id, row_number, kind, fields, errors, sort_key, valid, excluded "
                        "FROM import_rows WHERE import_id = ? AND row_number > ? "
                        "ORDER BY row_number LIMIT 10000",
                        {importId, after}, [&](const NativeRow& r) {
                            ImportRowRecord row;
                            row.id = r.str(0);
                            row.importId = importId;
                            row.rowNumber = r.i64(1);
                            row.kind = r.str(2);
                            row.fields = r.str(3);
                            row.errors = r.str(4);
                            row.sortKey = r.optStr(5).value_or("");
                            row.valid = r.i64(6) != 0;
                            row.excluded = r.i64(7) != 0;
                            batch.push_back(std::move(row));
                        });
            more = batch.size() == 10000;
            if (!batch.empty()) after = batch.back().rowNumber;
            for (const auto& row : batch)
                inserter.add(row);
        }
        inserter.flush();
    }
    sqlExec(s, "DROP TABLE import_rows"); // and its index
}

} // namespace

std::vector<Migration> schemaV9() {
    Migration m{9, "import rows stored in chunks", {}, moveRowsIntoChunks};
    m.statements.push_back(R"(CREATE TABLE import_row_chunks (
        import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
        first_index BIGINT NOT NULL, row_count INTEGER NOT NULL,
        first_row BIGINT NOT NULL, last_row BIGINT NOT NULL,
        invalid_count INTEGER NOT NULL, first_id TEXT NOT NULL, data TEXT NOT NULL,
        PRIMARY KEY (import_id, first_index)))");
    m.statements.push_back(
        "CREATE INDEX import_row_chunks_numbers ON import_row_chunks (import_id, first_row, "
        "last_row)"); // covering: a row found by number reads no chunk it is not in
    // The pages of invalid rows count through these, never reading a clean chunk.
    m.statements.push_back("CREATE INDEX import_row_chunks_invalid ON import_row_chunks "
                           "(import_id, first_index, invalid_count) WHERE invalid_count > 0");
    return {m};
}

} // namespace finimport::store
