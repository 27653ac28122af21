// Schema version 21 (docs/decisions.md D240, D241, D250): contains-search from a dictionary of
// names. SQLite only; PostgreSQL keeps its pg_trgm indexes of schema v18 (nothing changes there).
// - entry_names: each account's distinct (name, merchant) pairs of its transactions with their
//   number of entries, rows of no entry removed. A search matches its text against these (few,
//   in a ledger whose names repeat) instead of every entry; total_count is the sum of the
//   matching pairs' counts plus the entries found by their notes alone.
// - entries.name_pair: a transaction's pair (entry_names.id). A publish's batch writes it and
//   its pairs' counts (store/NamePairs.h); row triggers keep both for every other write
//   (correction, delete, revert, restore, rules, a row written by hand).
// - entries_name_pair (name_pair, date): a pair's transactions by date, so a page of a search
//   merges the matching pairs' rows from the index. An integer first: a publish writes each
//   entry at its pair's range of its own account, cheaply (docs/decisions.md D250).
// - entry_names_search: the FTS5 trigram index of the dictionary's names (external content,
//   keyed by the dictionary's id); entries_notes_search: the same over entries' notes only
//   (indexed when present: most entries have none). They replace entries_search of v18, which
//   indexed every entry's name: a publish no longer writes the trigrams of its names.
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

// The pair of the dictionary of entry `row` (NEW or OLD): its key, a missing merchant ''.
std::string pairOf(const std::string& row) {
    return "account_id = " + row + ".account_id AND name = " + row +
           ".name AND merchant_id = COALESCE(" + row + ".merchant_id, '')";
}

// One more entry of NEW's pair (made when new), and NEW names it. A transaction only.
std::string plus() {
    return "INSERT INTO entry_names (account_id, name, merchant_id, n) SELECT NEW.account_id, "
           "NEW.name, COALESCE(NEW.merchant_id, ''), 1 WHERE NEW.entryable_type = "
           "'Transaction' ON CONFLICT (account_id, name, merchant_id) DO UPDATE SET n = n + 1; "
           "UPDATE entries SET name_pair = (SELECT rowid FROM entry_names WHERE " +
           pairOf("NEW") + " AND NEW.entryable_type = 'Transaction') WHERE rowid = NEW.rowid;";
}

// One entry fewer in OLD's pair, a pair of no entry removed.
const char* kMinus = "UPDATE entry_names SET n = n - 1 WHERE rowid = OLD.name_pair; DELETE FROM "
                     "entry_names WHERE rowid = OLD.name_pair AND n <= 0;";

void dictionary(Tx& s) {
    if (sqlIsPostgres(s)) return;
    for (const char* t :
         {"entries_search_insert", "entries_search_delete", "entries_search_update"})
        sqlExec(s, std::string("DROP TRIGGER IF EXISTS ") + t);
    sqlExec(s, "DROP TABLE IF EXISTS entries_search");
    // `id` names the rowid, so that a VACUUM keeps it: the entries and the names' index refer to
    // it.
    sqlExec(s, "CREATE TABLE entry_names (id INTEGER PRIMARY KEY, account_id TEXT NOT NULL, name "
               "TEXT NOT NULL, merchant_id TEXT NOT NULL, n BIGINT NOT NULL, UNIQUE (account_id, "
               "name, merchant_id))");
    sqlExec(s, "INSERT INTO entry_names (account_id, name, merchant_id, n) SELECT account_id, "
               "name, COALESCE(merchant_id, ''), COUNT(*) FROM entries WHERE entryable_type = "
               "'Transaction' GROUP BY account_id, name, COALESCE(merchant_id, '')");
    sqlExec(s, "CREATE INDEX entry_names_merchant ON entry_names (merchant_id) WHERE merchant_id "
               "<> ''");
    // Each transaction names its pair (the dictionary's row id): an integer key, so the index of
    // a pair's entries by date is small and cheap to write; a publish appends to each pair's
    // range of its account (docs/decisions.md D250).
    sqlExec(s, "ALTER TABLE entries ADD COLUMN name_pair INTEGER");
    sqlExec(s, "UPDATE entries SET name_pair = (SELECT d.rowid FROM entry_names d WHERE "
               "d.account_id = entries.account_id AND d.name = entries.name AND d.merchant_id = "
               "COALESCE(entries.merchant_id, '')) WHERE entryable_type = 'Transaction'");
    sqlExec(s, "CREATE INDEX entries_name_pair ON entries (name_pair, date) WHERE name_pair IS NOT "
               "NULL");
    // A publish's batch writes name_pair and its pairs' counts itself (store/NamePairs.h); every
    // other insert is counted here.
    sqlExec(s, "CREATE TRIGGER entry_names_insert AFTER INSERT ON entries WHEN NEW.name_pair IS "
               "NULL AND NEW.entryable_type = 'Transaction' BEGIN " +
                   plus() + " END");
    sqlExec(s, std::string("CREATE TRIGGER entry_names_delete AFTER DELETE ON entries WHEN "
                           "OLD.name_pair IS NOT NULL BEGIN ") +
                   kMinus + " END");
    sqlExec(s, std::string("CREATE TRIGGER entry_names_update AFTER UPDATE OF account_id, name, "
                           "merchant_id, entryable_type ON entries WHEN OLD.account_id IS NOT "
                           "NEW.account_id OR OLD.name IS NOT NEW.name OR OLD.merchant_id IS NOT "
                           "NEW.merchant_id OR OLD.entryable_type IS NOT NEW.entryable_type "
                           "BEGIN ") +
                   kMinus + " " + plus() + " END");
    // The names' trigrams: a dictionary row gets them when it appears and loses them when it goes
    // (its count changes touch nothing).
    sqlExec(s, "CREATE VIRTUAL TABLE entry_names_search USING fts5(name, content='entry_names', "
               "content_rowid='rowid', tokenize='trigram', columnsize=0)");
    sqlExec(s, "INSERT INTO entry_names_search (entry_names_search) VALUES ('rebuild')");
    sqlExec(s, "CREATE TRIGGER entry_names_search_insert AFTER INSERT ON entry_names BEGIN INSERT "
               "INTO entry_names_search (rowid, name) VALUES (NEW.rowid, NEW.name); END");
    sqlExec(s, "CREATE TRIGGER entry_names_search_delete AFTER DELETE ON entry_names BEGIN INSERT "
               "INTO entry_names_search (entry_names_search, rowid, name) VALUES ('delete', "
               "OLD.rowid, OLD.name); END");
    // Notes: only the entries that have some.
    sqlExec(s, "CREATE VIRTUAL TABLE entries_notes_search USING fts5(notes, content='entries', "
               "content_rowid='rowid', tokenize='trigram', columnsize=0)");
    sqlExec(s, "INSERT INTO entries_notes_search (entries_notes_search) VALUES ('rebuild')");
    const std::string drop =
        "INSERT INTO entries_notes_search (entries_notes_search, rowid, notes) "
        "SELECT 'delete', OLD.rowid, OLD.notes WHERE OLD.notes IS NOT NULL;";
    const std::string add = "INSERT INTO entries_notes_search (rowid, notes) SELECT NEW.rowid, "
                            "NEW.notes WHERE NEW.notes IS NOT NULL;";
    sqlExec(s, "CREATE TRIGGER entries_notes_search_insert AFTER INSERT ON entries WHEN NEW.notes "
               "IS NOT NULL BEGIN " +
                   add + " END");
    sqlExec(s, "CREATE TRIGGER entries_notes_search_delete AFTER DELETE ON entries WHEN OLD.notes "
               "IS NOT NULL BEGIN " +
                   drop + " END");
    sqlExec(s, "CREATE TRIGGER entries_notes_search_update AFTER UPDATE OF notes ON entries WHEN "
               "OLD.notes IS NOT NEW.notes BEGIN " +
                   drop + " " + add + " END");
}

} // namespace

std::vector<Migration> schemaV21() {
    return {Migration{21, "search dictionary of names", {}, dictionary}};
}

} // namespace finimport::store
