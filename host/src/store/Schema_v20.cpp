// Schema version 20 (docs/decisions.md D210, D211): a publish need not probe again what its
// upload proved.
// - entry_counts.changes: per account and entry type, how often a write could have given a
//   duplicate candidate to a row that had none: every insert, and every update of what
//   candidates are found by (account, date, amount, type, external id). Kept by the triggers of
//   schema v18 in the same transaction as the write (SQLite: row triggers; PostgreSQL: the
//   statement trigger counts one per statement and account, and every UPDATE statement, whatever
//   its columns: a transition table cannot name them). Deletes do not count: they never add a
//   candidate.
// - import_ledger_stamps: the sum of an account's changes when an upload probed its rows against
//   it. A publish that finds the same sum knows the account gained no candidate since.
// Self-contained: renumbering this version touches this file and Migrations.cpp only.
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// Schema v18's function, with the count of changes beside the count of entries.
const char* kPgEntryCounts = R"(
CREATE OR REPLACE FUNCTION fi_entry_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entry_counts AS c (account_id, entryable_type, n, changes)
      SELECT account_id, entryable_type, COUNT(*), 1 FROM new_rows
      GROUP BY account_id, entryable_type ORDER BY account_id, entryable_type
      ON CONFLICT (account_id, entryable_type)
      DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE entry_counts c SET n = c.n - d.n
      FROM (SELECT account_id, entryable_type, COUNT(*) AS n FROM old_rows
            GROUP BY account_id, entryable_type) d
      WHERE c.account_id = d.account_id AND c.entryable_type = d.entryable_type;
  ELSE
    INSERT INTO entry_counts AS c (account_id, entryable_type, n, changes)
      SELECT account_id, entryable_type, SUM(d), 1 FROM (
        SELECT account_id, entryable_type, -1 AS d FROM old_rows
        UNION ALL SELECT account_id, entryable_type, 1 FROM new_rows) x
      GROUP BY account_id, entryable_type
      ORDER BY account_id, entryable_type
      ON CONFLICT (account_id, entryable_type)
      DO UPDATE SET n = c.n + EXCLUDED.n, changes = c.changes + 1;
  END IF;
  RETURN NULL;
END $$)";

void ledgerChanges(Tx& s) {
    const bool pg = sqlIsPostgres(s);
    const std::string text = pg ? "TEXT COLLATE \"C\"" : "TEXT"; // schema v11
    sqlExec(s, "ALTER TABLE entry_counts ADD COLUMN changes BIGINT NOT NULL DEFAULT 0");
    sqlExec(s, "CREATE TABLE import_ledger_stamps (import_id " + text +
                   " NOT NULL REFERENCES imports(id) ON DELETE CASCADE, account_id " + text +
                   " NOT NULL, changes BIGINT NOT NULL, PRIMARY KEY (import_id, account_id))");
    if (pg) {
        sqlExec(s, kPgEntryCounts);
        return;
    }
    sqlExec(s, "DROP TRIGGER entry_counts_insert");
    sqlExec(s, "CREATE TRIGGER entry_counts_insert AFTER INSERT ON entries BEGIN INSERT INTO "
               "entry_counts (account_id, entryable_type, n, changes) VALUES (NEW.account_id, "
               "NEW.entryable_type, 1, 1) ON CONFLICT (account_id, entryable_type) DO UPDATE SET "
               "n = n + 1, changes = changes + 1; END");
    sqlExec(s, "CREATE TRIGGER entry_changes_update AFTER UPDATE OF account_id, date, amount, "
               "entryable_type, external_id ON entries WHEN OLD.account_id IS NOT "
               "NEW.account_id OR OLD.date IS NOT NEW.date OR OLD.amount IS NOT NEW.amount OR "
               "OLD.entryable_type IS NOT NEW.entryable_type OR OLD.external_id IS NOT "
               "NEW.external_id BEGIN INSERT INTO entry_counts (account_id, entryable_type, n, "
               "changes) VALUES (NEW.account_id, NEW.entryable_type, 0, 1) ON CONFLICT "
               "(account_id, entryable_type) DO UPDATE SET changes = changes + 1; END");
}

} // namespace

std::vector<Migration> schemaV20() {
    return {Migration{20, "ledger changes per account, upload stamps", {}, ledgerChanges}};
}

} // namespace finimport::store
