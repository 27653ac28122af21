// Schema version 22 (docs/decisions.md D280-D283): contains-search from a dictionary of names on
// PostgreSQL, as schema v21 gave SQLite. SQLite: nothing changes.
// - entry_names: each account's distinct (name, merchant) pairs of its transactions with their
//   number of entries (merchant '' when none), kept by statement triggers over the transition
//   tables (as entry_counts, schema v18): one upsert per pair a statement changes, pairs of no
//   entry removed. Its names have a pg_trgm GIN index when pg_trgm is there (without it a search
//   reads the family's part of the dictionary).
// - entries.name_pair: a transaction's pair as a 64-bit hash of its key, a generated column, so
//   that no write path computes it and a COPY needs no lookup. entry_names holds the same hash,
//   unique: a hash names one pair of the dictionary, so the entries under a pair's hash are that
//   pair's (two pairs of one hash would make the write that adds the second fail, not a search
//   answer wrong).
// - entries_name_pair (name_pair, date): a pair's transactions by date; a page of a search merges
//   the matching pairs' dates from it. An integer first: a publish writes each entry into its
//   pair's range of its own account, cheaply (docs/decisions.md D250).
// - entries_name_trgm (schema v18) goes: names are matched in the dictionary, and that GIN index
//   cost a publish about ten trigram keys per row. entries_notes_trgm now covers only the entries
//   that have notes (a publish of rows without notes no longer grows its pending list, which
//   every search read whole).
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// The hash of a pair's key; `merchant` is '' for none. The same expression on both tables.
std::string pairHash(const std::string& merchant) {
    return "hashtextextended(account_id || chr(31) || name || chr(31) || " + merchant + ", 0)";
}

// Net changes of one statement per pair: -1 for each old transaction, +1 for each new one; a
// statement that changes no pair (a note, an amount) writes nothing. Pairs in key order (two
// writers lock them in the same order). A delete removes the pairs it empties and counts down
// the others (each pair is written once); an update removes the pairs it left empty, found
// through entry_names_empty.
const char* kPgEntryNames = R"(
CREATE FUNCTION fi_entry_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entry_names AS d (account_id, name, merchant_id, n)
      SELECT account_id, name, COALESCE(merchant_id, ''), COUNT(*) FROM new_rows
      WHERE entryable_type = 'Transaction' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, name, merchant_id) DO UPDATE SET n = d.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH g AS (
      SELECT account_id, name, COALESCE(merchant_id, '') AS merchant_id, COUNT(*) AS n
      FROM old_rows WHERE entryable_type = 'Transaction' GROUP BY 1, 2, 3),
    emptied AS (
      DELETE FROM entry_names d USING g
      WHERE d.account_id = g.account_id AND d.name = g.name AND d.merchant_id = g.merchant_id
        AND d.n <= g.n)
    UPDATE entry_names d SET n = d.n - g.n FROM g
      WHERE d.account_id = g.account_id AND d.name = g.name AND d.merchant_id = g.merchant_id
        AND d.n > g.n;
  ELSE
    INSERT INTO entry_names AS d (account_id, name, merchant_id, n)
      SELECT account_id, name, merchant_id, SUM(c) FROM (
        SELECT account_id, name, COALESCE(merchant_id, '') AS merchant_id, -1 AS c
        FROM old_rows WHERE entryable_type = 'Transaction'
        UNION ALL SELECT account_id, name, COALESCE(merchant_id, ''), 1
        FROM new_rows WHERE entryable_type = 'Transaction') x
      GROUP BY 1, 2, 3 HAVING SUM(c) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (account_id, name, merchant_id) DO UPDATE SET n = d.n + EXCLUDED.n;
    DELETE FROM entry_names WHERE n <= 0;
  END IF;
  RETURN NULL;
END $$)";

void dictionary(Tx& s) {
    if (!sqlIsPostgres(s)) return;
    const std::string text = "TEXT COLLATE \"C\""; // schema v11
    sqlExec(s, "CREATE TABLE entry_names (account_id " + text + " NOT NULL, name " + text +
                   " NOT NULL, merchant_id " + text +
                   " NOT NULL, n BIGINT NOT NULL, name_pair BIGINT NOT NULL GENERATED ALWAYS AS "
                   "(" +
                   pairHash("merchant_id") +
                   ") STORED, PRIMARY KEY (account_id, name, merchant_id))");
    sqlExec(s, "INSERT INTO entry_names (account_id, name, merchant_id, n) SELECT account_id, "
               "name, COALESCE(merchant_id, ''), COUNT(*) FROM entries WHERE entryable_type = "
               "'Transaction' GROUP BY 1, 2, 3");
    sqlExec(s, "CREATE UNIQUE INDEX entry_names_pair ON entry_names (name_pair)");
    sqlExec(s, "CREATE INDEX entry_names_merchant ON entry_names (merchant_id) WHERE merchant_id "
               "<> ''");
    // The pairs an update left without entries, found without reading the dictionary.
    sqlExec(s, "CREATE INDEX entry_names_empty ON entry_names (account_id) WHERE n <= 0");
    // Rewrites the table (minutes at 10M entries, docs/operations.md).
    sqlExec(s, "ALTER TABLE entries ADD COLUMN name_pair BIGINT GENERATED ALWAYS AS (CASE WHEN "
               "entryable_type = 'Transaction' THEN " +
                   pairHash("COALESCE(merchant_id, '')") + " END) STORED");
    sqlExec(s, "CREATE INDEX entries_name_pair ON entries (name_pair, date) WHERE name_pair IS NOT "
               "NULL");
    sqlExec(s, kPgEntryNames);
    sqlExec(s, "CREATE TRIGGER entries_names_insert AFTER INSERT ON entries REFERENCING NEW TABLE "
               "AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fi_entry_names()");
    sqlExec(s, "CREATE TRIGGER entries_names_delete AFTER DELETE ON entries REFERENCING OLD TABLE "
               "AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fi_entry_names()");
    sqlExec(s, "CREATE TRIGGER entries_names_update AFTER UPDATE ON entries REFERENCING OLD TABLE "
               "AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "
               "fi_entry_names()");
    sqlExec(s, "DROP INDEX IF EXISTS entries_name_trgm");
    sqlExec(s, "DROP INDEX IF EXISTS entries_notes_trgm");
    // The names' trigrams and the notes' of the entries that have notes; none when pg_trgm is not
    // there (schema v18 created it when it could): a search then reads the family's names and
    // checks notes on the rows, with the same results.
    sqlExec(s, "SAVEPOINT names_trgm");
    try {
        sqlExec(s, "CREATE INDEX entry_names_trgm ON entry_names USING gin (name gin_trgm_ops)");
        sqlExec(s, "CREATE INDEX entries_notes_trgm ON entries USING gin (notes gin_trgm_ops) "
                   "WHERE notes IS NOT NULL");
        sqlExec(s, "RELEASE SAVEPOINT names_trgm");
    } catch (const std::exception&) {
        sqlExec(s, "ROLLBACK TO SAVEPOINT names_trgm");
        sqlExec(s, "RELEASE SAVEPOINT names_trgm");
    }
    sqlExec(s, "ANALYZE entry_names");
}

} // namespace

std::vector<Migration> schemaV22() {
    return {Migration{22, "search dictionary of names (PostgreSQL)", {}, dictionary}};
}

} // namespace finimport::store
