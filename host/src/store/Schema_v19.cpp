// Schema version 19 (docs/decisions.md D185): compact rule effects. A publish with rules writes
// one effect row for about two transactions in three (bench/RESULTS.md, "Rules at publish"),
// so each byte of the row is paid tens of thousands of times per publish.
// - A run has a number (`rule_runs.seq`, unique): an effect names its run by that number
//   (`rule_effects.run_seq`) instead of the run's 36-byte id. SQLite takes MAX + 1 inside the
//   write transaction (one writer); PostgreSQL a sequence (concurrent writers).
// - A tag effect's value is its tag: the key holds it, the value column is NULL.
// - An effect's attribute is a small integer: the attribute names in byte order (so that the
//   listing's ORDER BY attribute keeps its order), store/RuleRunStore.cpp maps them.
// Existing runs are numbered in creation order and existing effects are moved into the new
// table. Self-contained: renumbering this version touches this file and Migrations.cpp only.
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

void compactEffects(Tx& s) {
    const bool pg = sqlIsPostgres(s);
    const std::string text = pg ? "TEXT COLLATE \"C\"" : "TEXT";
    sqlExec(s, "ALTER TABLE rule_runs ADD COLUMN seq BIGINT");
    sqlExec(s, "UPDATE rule_runs SET seq = x.n FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY "
               "created_at, id) AS n FROM rule_runs) x WHERE x.id = rule_runs.id");
    sqlExec(s, "CREATE UNIQUE INDEX rule_runs_by_seq ON rule_runs (seq)");
    if (pg) {
        sqlExec(s, "CREATE SEQUENCE rule_run_seqs");
        sqlExec(s, "SELECT setval('rule_run_seqs', COALESCE((SELECT MAX(seq) FROM rule_runs), 0) "
                   "+ 1, false)");
    }
    // The same columns as schema v16's, attribute and run narrowed.
    sqlExec(s, "CREATE TABLE rule_effects_v19 (entry_id " + text +
                   " NOT NULL, attribute SMALLINT NOT NULL, tag_id " + text + " NOT NULL, value " +
                   text + ", previous_value " + text + ", transfer_account_id " + text +
                   ", run_seq BIGINT, family_id " + text + ", rule_id " + text + ", rule_name " +
                   text + ", execution_type " + text + ", import_id " + text +
                   ", applied_at BIGINT, PRIMARY KEY (entry_id, attribute, tag_id))" +
                   (pg ? "" : " WITHOUT ROWID"));
    // An attribute outside the set is NULL here and fails the migration: nothing is dropped.
    sqlExec(s, "INSERT INTO rule_effects_v19 SELECT e.entry_id, CASE e.attribute WHEN "
               "'category_id' THEN 1 WHEN 'excluded' THEN 2 WHEN 'investment_activity_label' THEN "
               "3 WHEN 'kind' THEN 4 WHEN 'merchant_id' THEN 5 WHEN 'name' THEN 6 WHEN 'tag_ids' "
               "THEN 7 END, e.tag_id, CASE WHEN e.tag_id <> '' AND e.value = e.tag_id THEN NULL "
               "ELSE e.value END, e.previous_value, e.transfer_account_id, r.seq, "
               "e.family_id, e.rule_id, e.rule_name, e.execution_type, e.import_id, e.applied_at "
               "FROM rule_effects e LEFT JOIN rule_runs r ON r.id = e.rule_run_id");
    sqlExec(s, "DROP TABLE rule_effects");
    sqlExec(s, "ALTER TABLE rule_effects_v19 RENAME TO rule_effects");
    if (pg) sqlExec(s, "ALTER INDEX rule_effects_v19_pkey RENAME TO rule_effects_pkey");
}

} // namespace

std::vector<Migration> schemaV19() {
    return {Migration{19, "compact rule effects: run number, attribute code", {}, compactEffects}};
}

} // namespace finimport::store
