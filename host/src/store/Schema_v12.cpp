// Schema version 12 (docs/decisions.md D71): on PostgreSQL the foreign keys of the
// ledger's hot tables are checked once per statement instead of once per row. A COPY of 100k
// entries and their transactions ran 200k row-level key checks (an SPI query and a row lock
// each): about half the time of the COPYs. The same guarantees, set-wise:
// - an entry's account and a payload row's entry must exist (checked, and the parent locked
//   FOR KEY SHARE as the foreign key did, at the end of each inserting statement);
// - deleting entries deletes their payload rows (the ON DELETE CASCADE), deleting an account
//   that entries still use fails;
// - changing a key (no code does) is checked row by row.
// Violations raise SQLSTATE 23503 (foreign_key_violation) with PostgreSQL's own message, so
// callers see the same error as before. SQLite keeps its foreign keys (schema v1).
// Every set-wise query looks its rows up through an index, whatever the statistics say: a
// table analyzed while empty (or never) looks like one row to the planner, which then chose
// to scan all entries once per new row (a 100k-row COPY ran for minutes). So the functions
// turn sequential scans, hash and merge joins and materialized inner loops off, and JIT with
// them (those plans' costs pass its threshold: 150 ms of compiling per statement).
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// The tables whose rows belong to an entry (`entry_id … ON DELETE CASCADE` in schema v1).
constexpr const char* kEntryPayloadTables[] = {"transactions", "transaction_tags", "trades",
                                               "valuations"};

// After an insert into entries: every account named exists, locked against a concurrent delete.
constexpr const char* kEntriesAccountExists = R"(
CREATE FUNCTION fi_entries_account_exists() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET jit = off AS $$
DECLARE wanted text[]; missing text;
BEGIN
  SELECT array_agg(a) INTO wanted FROM (SELECT DISTINCT account_id AS a FROM new_rows) d;
  IF wanted IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM accounts WHERE id = ANY (wanted) ORDER BY id FOR KEY SHARE;
  SELECT min(w) INTO missing FROM unnest(wanted) w
   WHERE (SELECT true FROM accounts a WHERE a.id = w) IS NULL;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "entries" violates foreign key constraint "entries_account_id_fkey"'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (account_id)=(%s) is not present in table "accounts".', missing);
  END IF;
  RETURN NULL;
END $$)";

// After an insert into a payload table: every entry named exists. Entries this transaction
// wrote cannot be deleted by another one (they are invisible to it): only older entries are
// locked, so a publish does not lock (and WAL-log a lock on) each entry it just wrote.
constexpr const char* kEntryRowsExist = R"(
CREATE FUNCTION fi_entry_rows_exist() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
SET enable_material = off SET jit = off AS $$
DECLARE missing text; older bigint;
BEGIN
  SELECT min(n.entry_id) FILTER (WHERE e.id IS NULL),
         count(*) FILTER (WHERE e.xmin <> pg_current_xact_id()::xid)
    INTO missing, older
    FROM new_rows n LEFT JOIN entries e ON e.id = n.entry_id;
  IF missing IS NULL AND older > 0 THEN
    PERFORM 1 FROM entries WHERE id = ANY (ARRAY(SELECT entry_id FROM new_rows))
       AND xmin <> pg_current_xact_id()::xid ORDER BY id FOR KEY SHARE;
    SELECT min(n.entry_id) INTO missing FROM new_rows n
     WHERE (SELECT true FROM entries e WHERE e.id = n.entry_id) IS NULL;
  END IF;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%_entry_id_fkey"',
      TG_TABLE_NAME, TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (entry_id)=(%s) is not present in table "entries".', missing);
  END IF;
  RETURN NULL;
END $$)";

// After a delete from entries: their payload rows go too (ON DELETE CASCADE).
constexpr const char* kEntriesDeletePayload = R"(
CREATE FUNCTION fi_entries_delete_payload() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET jit = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
  DELETE FROM transactions WHERE entry_id = ANY (ARRAY(SELECT id FROM old_rows));
  DELETE FROM transaction_tags WHERE entry_id = ANY (ARRAY(SELECT id FROM old_rows));
  DELETE FROM trades WHERE entry_id = ANY (ARRAY(SELECT id FROM old_rows));
  DELETE FROM valuations WHERE entry_id = ANY (ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END $$)";

// After a delete from accounts: none may still have entries (the foreign key had no cascade).
constexpr const char* kAccountsDeleteRestricted = R"(
CREATE FUNCTION fi_accounts_delete_restricted() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET jit = off AS $$
DECLARE used text;
BEGIN
  SELECT e.account_id INTO used FROM entries e
   WHERE e.account_id = ANY (ARRAY(SELECT id FROM old_rows)) LIMIT 1;
  IF used IS NOT NULL THEN
    RAISE EXCEPTION 'update or delete on table "accounts" violates foreign key constraint "entries_account_id_fkey" on table "entries"'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (id)=(%s) is still referenced from table "entries".', used);
  END IF;
  RETURN NULL;
END $$)";

// A changed key, row by row (the triggers' WHEN clauses call these only when a key changes).
constexpr const char* kEntriesKeyChanged = R"(
CREATE FUNCTION fi_entries_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_id IS DISTINCT FROM OLD.account_id THEN
    PERFORM 1 FROM accounts WHERE id = NEW.account_id FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insert or update on table "entries" violates foreign key constraint "entries_account_id_fkey"'
        USING ERRCODE = 'foreign_key_violation',
              DETAIL = format('Key (account_id)=(%s) is not present in table "accounts".', NEW.account_id);
    END IF;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id AND (
       EXISTS (SELECT 1 FROM transactions WHERE entry_id = OLD.id)
       OR EXISTS (SELECT 1 FROM transaction_tags WHERE entry_id = OLD.id)
       OR EXISTS (SELECT 1 FROM trades WHERE entry_id = OLD.id)
       OR EXISTS (SELECT 1 FROM valuations WHERE entry_id = OLD.id)) THEN
    RAISE EXCEPTION 'update or delete on table "entries" violates a foreign key constraint of its payload tables'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (id)=(%s) is still referenced.', OLD.id);
  END IF;
  RETURN NULL;
END $$)";

constexpr const char* kEntryRowKeyChanged = R"(
CREATE FUNCTION fi_entry_row_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM entries WHERE id = NEW.entry_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%_entry_id_fkey"',
      TG_TABLE_NAME, TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (entry_id)=(%s) is not present in table "entries".', NEW.entry_id);
  END IF;
  RETURN NULL;
END $$)";

constexpr const char* kAccountsKeyChanged = R"(
CREATE FUNCTION fi_accounts_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM entries WHERE account_id = OLD.id) THEN
    RAISE EXCEPTION 'update or delete on table "accounts" violates foreign key constraint "entries_account_id_fkey" on table "entries"'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (id)=(%s) is still referenced from table "entries".', OLD.id);
  END IF;
  RETURN NULL;
END $$)";

void checkEntryKeysPerStatement(Tx& s) {
    if (!sqlIsPostgres(s)) return;
    sqlExec(s, "ALTER TABLE entries DROP CONSTRAINT entries_account_id_fkey");
    for (const std::string table : kEntryPayloadTables)
        sqlExec(s, "ALTER TABLE " + table + " DROP CONSTRAINT " + table + "_entry_id_fkey");
    for (const char* function :
         {kEntriesAccountExists, kEntryRowsExist, kEntriesDeletePayload, kAccountsDeleteRestricted,
          kEntriesKeyChanged, kEntryRowKeyChanged, kAccountsKeyChanged})
        sqlExec(s, function);
    sqlExec(s, "CREATE TRIGGER entries_account_exists AFTER INSERT ON entries REFERENCING NEW "
               "TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fi_entries_account_exists()");
    sqlExec(s, "CREATE TRIGGER entries_delete_payload AFTER DELETE ON entries REFERENCING OLD "
               "TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fi_entries_delete_payload()");
    sqlExec(s, "CREATE TRIGGER entries_key_changed AFTER UPDATE OF id, account_id ON entries FOR "
               "EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.account_id IS DISTINCT FROM "
               "NEW.account_id) EXECUTE FUNCTION fi_entries_key_changed()");
    sqlExec(s, "CREATE TRIGGER accounts_delete_restricted AFTER DELETE ON accounts REFERENCING OLD "
               "TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "
               "fi_accounts_delete_restricted()");
    sqlExec(s, "CREATE TRIGGER accounts_key_changed AFTER UPDATE OF id ON accounts FOR EACH ROW "
               "WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION fi_accounts_key_changed()");
    for (const std::string table : kEntryPayloadTables) {
        sqlExec(s, "CREATE TRIGGER " + table + "_entry_exists AFTER INSERT ON " + table +
                       " REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "
                       "fi_entry_rows_exist()");
        sqlExec(s, "CREATE TRIGGER " + table + "_entry_changed AFTER UPDATE OF entry_id ON " +
                       table +
                       " FOR EACH ROW WHEN (OLD.entry_id IS DISTINCT FROM NEW.entry_id) "
                       "EXECUTE FUNCTION fi_entry_row_key_changed()");
    }
}

} // namespace

std::vector<Migration> schemaV12() {
    return {Migration{
        12, "entry keys checked per statement on PostgreSQL", {}, checkEntryKeysPerStatement}};
}

} // namespace finimport::store
