// Schema version 18 (docs/decisions.md D145-D147): the read API's lists answer from indexes at
// any size of ledger.
// - entries_account_transaction_order: one account's transactions in the listing's order.
// - entry_counts and balance_counts: the number of entries per account and type, and of balance
//   records per account and currency, kept by triggers in the transaction of every write that
//   adds, removes or moves one (publish, revert, correction, delete, restore: every path, with
//   no code of its own). A list's total_count without other filters than the family and its
//   accounts is a sum over the family's accounts (store/ListCounts.h), not a count of the
//   ledger. SQLite: row triggers; PostgreSQL: statement triggers over the transition tables, one
//   upsert per account and type (a COPY of 100k entries touches one counter row), in key order.
// - Contains-search (docs/read-api.md §3.2 `search`) from a trigram index of entry names and
//   notes. SQLite: an FTS5 table with the trigram tokenizer over entries (external content: it
//   holds the index only, keyed by the entry's rowid), kept by triggers. PostgreSQL: pg_trgm GIN
//   indexes on entries.name and entries.notes. pg_trgm is a trusted extension: the database
//   owner may create it; when that fails (the extension is not installed), the migration goes
//   on without the indexes and search scans, with the same results (docs/operations.md).
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// Net changes of one statement, per key: -1 for each old row, +1 for each new one.
const char* kPgEntryCounts = R"(
CREATE FUNCTION fi_entry_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO entry_counts AS c (account_id, entryable_type, n)
      SELECT account_id, entryable_type, COUNT(*) FROM new_rows
      GROUP BY account_id, entryable_type ORDER BY account_id, entryable_type
      ON CONFLICT (account_id, entryable_type) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE entry_counts c SET n = c.n - d.n
      FROM (SELECT account_id, entryable_type, COUNT(*) AS n FROM old_rows
            GROUP BY account_id, entryable_type) d
      WHERE c.account_id = d.account_id AND c.entryable_type = d.entryable_type;
  ELSE
    INSERT INTO entry_counts AS c (account_id, entryable_type, n)
      SELECT account_id, entryable_type, SUM(d) FROM (
        SELECT account_id, entryable_type, -1 AS d FROM old_rows
        UNION ALL SELECT account_id, entryable_type, 1 FROM new_rows) x
      GROUP BY account_id, entryable_type HAVING SUM(d) <> 0
      ORDER BY account_id, entryable_type
      ON CONFLICT (account_id, entryable_type) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$)";

const char* kPgBalanceCounts = R"(
CREATE FUNCTION fi_balance_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO balance_counts AS c (account_id, currency, n)
      SELECT account_id, currency, COUNT(*) FROM new_rows
      GROUP BY account_id, currency ORDER BY account_id, currency
      ON CONFLICT (account_id, currency) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE balance_counts c SET n = c.n - d.n
      FROM (SELECT account_id, currency, COUNT(*) AS n FROM old_rows
            GROUP BY account_id, currency) d
      WHERE c.account_id = d.account_id AND c.currency = d.currency;
  ELSE
    INSERT INTO balance_counts AS c (account_id, currency, n)
      SELECT account_id, currency, SUM(d) FROM (
        SELECT account_id, currency, -1 AS d FROM old_rows
        UNION ALL SELECT account_id, currency, 1 FROM new_rows) x
      GROUP BY account_id, currency HAVING SUM(d) <> 0
      ORDER BY account_id, currency
      ON CONFLICT (account_id, currency) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END $$)";

// SQLite: one counter per row; `key` names the counted table's second key column.
void sqliteCounterTriggers(Tx& s, const std::string& counts, const std::string& table,
                           const std::string& key) {
    const std::string plus = "INSERT INTO " + counts + " (account_id, " + key +
                             ", n) VALUES (NEW.account_id, NEW." + key +
                             ", 1) ON CONFLICT (account_id, " + key + ") DO UPDATE SET n = n + 1;";
    const std::string minus = "UPDATE " + counts +
                              " SET n = n - 1 WHERE account_id = "
                              "OLD.account_id AND " +
                              key + " = OLD." + key + ";";
    sqlExec(s, "CREATE TRIGGER " + counts + "_insert AFTER INSERT ON " + table + " BEGIN " + plus +
                   " END");
    sqlExec(s, "CREATE TRIGGER " + counts + "_delete AFTER DELETE ON " + table + " BEGIN " + minus +
                   " END");
    sqlExec(s, "CREATE TRIGGER " + counts + "_update AFTER UPDATE OF account_id, " + key + " ON " +
                   table + " WHEN OLD.account_id IS NOT NEW.account_id OR OLD." + key +
                   " IS NOT NEW." + key + " BEGIN " + minus + " " + plus + " END");
}

void listIndexes(Tx& s) {
    const bool pg = sqlIsPostgres(s);
    const std::string text = pg ? "TEXT COLLATE \"C\"" : "TEXT"; // schema v11
    sqlExec(s, "CREATE TABLE entry_counts (account_id " + text + " NOT NULL, entryable_type " +
                   text +
                   " NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (account_id, "
                   "entryable_type))");
    sqlExec(s, "CREATE TABLE balance_counts (account_id " + text + " NOT NULL, currency " + text +
                   " NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (account_id, currency))");
    // One account's transactions in the listing's order (the filter clients use most): a page
    // deep in a big account is read from the index alone, not from the family's order and the
    // table (entries_transaction_order, schema v15).
    sqlExec(s, "CREATE INDEX entries_account_transaction_order ON entries (account_id, date, "
               "created_at, id) WHERE entryable_type = 'Transaction'");
    sqlExec(s, "INSERT INTO entry_counts (account_id, entryable_type, n) SELECT account_id, "
               "entryable_type, COUNT(*) FROM entries GROUP BY account_id, entryable_type");
    sqlExec(s, "INSERT INTO balance_counts (account_id, currency, n) SELECT account_id, "
               "currency, COUNT(*) FROM balances GROUP BY account_id, currency");
    if (pg) {
        sqlExec(s, kPgEntryCounts);
        sqlExec(s, kPgBalanceCounts);
        for (const auto& [table, function] :
             {std::pair<std::string, std::string>{"entries", "fi_entry_counts"},
              {"balances", "fi_balance_counts"}}) {
            sqlExec(s, "CREATE TRIGGER " + table + "_counted_insert AFTER INSERT ON " + table +
                           " REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE "
                           "FUNCTION " +
                           function + "()");
            sqlExec(s, "CREATE TRIGGER " + table + "_counted_delete AFTER DELETE ON " + table +
                           " REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE "
                           "FUNCTION " +
                           function + "()");
            sqlExec(s, "CREATE TRIGGER " + table + "_counted_update AFTER UPDATE ON " + table +
                           " REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH "
                           "STATEMENT EXECUTE FUNCTION " +
                           function + "()");
        }
        // The trigram indexes, or nothing when pg_trgm cannot be created here.
        sqlExec(s, "SAVEPOINT search_indexes");
        try {
            sqlExec(s, "CREATE EXTENSION IF NOT EXISTS pg_trgm");
            sqlExec(s, "CREATE INDEX entries_name_trgm ON entries USING gin (name gin_trgm_ops)");
            sqlExec(s, "CREATE INDEX entries_notes_trgm ON entries USING gin (notes gin_trgm_ops)");
            sqlExec(s, "RELEASE SAVEPOINT search_indexes");
        } catch (const std::exception&) {
            sqlExec(s, "ROLLBACK TO SAVEPOINT search_indexes");
            sqlExec(s, "RELEASE SAVEPOINT search_indexes");
        }
        return;
    }
    sqliteCounterTriggers(s, "entry_counts", "entries", "entryable_type");
    sqliteCounterTriggers(s, "balance_counts", "balances", "currency");
    sqlExec(s, "CREATE VIRTUAL TABLE entries_search USING fts5(name, notes, content='entries', "
               "content_rowid='rowid', tokenize='trigram')");
    sqlExec(s, "INSERT INTO entries_search (entries_search) VALUES ('rebuild')");
    sqlExec(s, "CREATE TRIGGER entries_search_insert AFTER INSERT ON entries BEGIN INSERT INTO "
               "entries_search (rowid, name, notes) VALUES (NEW.rowid, NEW.name, NEW.notes); END");
    sqlExec(s, "CREATE TRIGGER entries_search_delete AFTER DELETE ON entries BEGIN INSERT INTO "
               "entries_search (entries_search, rowid, name, notes) VALUES ('delete', "
               "OLD.rowid, OLD.name, OLD.notes); END");
    sqlExec(s, "CREATE TRIGGER entries_search_update AFTER UPDATE OF name, notes ON entries WHEN "
               "OLD.name IS NOT NEW.name OR OLD.notes IS NOT NEW.notes BEGIN INSERT INTO "
               "entries_search (entries_search, rowid, name, notes) VALUES ('delete', "
               "OLD.rowid, OLD.name, OLD.notes); INSERT INTO entries_search (rowid, name, notes) "
               "VALUES (NEW.rowid, NEW.name, NEW.notes); END");
}

} // namespace

std::vector<Migration> schemaV18() {
    return {Migration{18, "list counts and search indexes", {}, listIndexes}};
}

} // namespace finimport::store
