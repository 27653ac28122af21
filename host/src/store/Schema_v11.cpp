// Schema version 11 (docs/decisions.md D70): on PostgreSQL every text column compares
// bytes (COLLATE "C"). Under a libc locale every comparison of an id, a foreign key or a date
// in an index or a key check called strcoll. Every text column at once: two columns of
// different collations cannot be compared with `=`.
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// Gives every text column of the current schema the "C" collation (PL/pgSQL: the columns are
// read from the catalog, so none is forgotten).
constexpr const char* kPostgresByteCollation = R"(DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = current_schema() AND data_type = 'text'
             AND collation_name IS DISTINCT FROM 'C'
           ORDER BY table_name, ordinal_position LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I TYPE text COLLATE "C"',
                   c.table_name, c.column_name);
  END LOOP;
END $$)";

} // namespace

std::vector<Migration> schemaV11() {
    Migration m{11, "byte collation of text columns on PostgreSQL", {}, {}};
    m.code = [](Tx& tx) {
        if (sqlIsPostgres(tx)) sqlExec(tx, kPostgresByteCollation);
    };
    return {m};
}

} // namespace finimport::store
