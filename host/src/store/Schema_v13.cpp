// Schema version 13 (docs/decisions.md D73): a transaction's category, merchant and
// kind live in its entry row. The `transactions` table held exactly one row per Transaction
// entry, keyed by the entry's id: a publish wrote every transaction twice (two heaps, two
// primary keys and, on PostgreSQL, a key check per statement), and the second COPY was a fifth
// of a 100k-row publish (bench/RESULTS.md). The columns are NULL on other entries.
// `transactions` stays readable, as a view of the same columns, for operators' queries.
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// Schema v12's functions without the transactions table: deleting entries deletes the rows of
// their remaining payload tables, and an entry's id cannot change while one refers to it.
constexpr const char* kEntriesDeletePayload = R"(
CREATE OR REPLACE FUNCTION fi_entries_delete_payload() RETURNS trigger LANGUAGE plpgsql
SET enable_seqscan = off SET jit = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
  DELETE FROM transaction_tags WHERE entry_id = ANY (ARRAY(SELECT id FROM old_rows));
  DELETE FROM trades WHERE entry_id = ANY (ARRAY(SELECT id FROM old_rows));
  DELETE FROM valuations WHERE entry_id = ANY (ARRAY(SELECT id FROM old_rows));
  RETURN NULL;
END $$)";

constexpr const char* kEntriesKeyChanged = R"(
CREATE OR REPLACE FUNCTION fi_entries_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
       EXISTS (SELECT 1 FROM transaction_tags WHERE entry_id = OLD.id)
       OR EXISTS (SELECT 1 FROM trades WHERE entry_id = OLD.id)
       OR EXISTS (SELECT 1 FROM valuations WHERE entry_id = OLD.id)) THEN
    RAISE EXCEPTION 'update or delete on table "entries" violates a foreign key constraint of its payload tables'
      USING ERRCODE = 'foreign_key_violation',
            DETAIL = format('Key (id)=(%s) is still referenced.', OLD.id);
  END IF;
  RETURN NULL;
END $$)";

void transactionColumnsInEntries(Tx& s) {
    const bool pg = sqlIsPostgres(s);
    // Schema v11: every text column compares bytes on PostgreSQL.
    const std::string text = pg ? "TEXT COLLATE \"C\"" : "TEXT";
    for (const char* column : {"category_id", "merchant_id", "kind"})
        sqlExec(s, "ALTER TABLE entries ADD COLUMN " + std::string(column) + " " + text);
    sqlExec(s, "UPDATE entries SET category_id = t.category_id, merchant_id = t.merchant_id, "
               "kind = t.kind FROM transactions t WHERE t.entry_id = entries.id");
    sqlExec(s, "UPDATE entries SET kind = 'standard' WHERE entryable_type = 'Transaction' AND "
               "kind IS NULL");
    sqlExec(s, "DROP TABLE transactions");
    sqlExec(s, "CREATE VIEW transactions AS SELECT id AS entry_id, category_id, merchant_id, kind "
               "FROM entries WHERE entryable_type = 'Transaction'");
    if (!pg) return;
    sqlExec(s, kEntriesDeletePayload);
    sqlExec(s, kEntriesKeyChanged);
}

} // namespace

std::vector<Migration> schemaV13() {
    return {Migration{13, "transaction columns in the entry row", {}, transactionColumnsInEntries}};
}

} // namespace finimport::store
