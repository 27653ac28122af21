// Schema version 16: rules applied (docs/rules.md). A rule's place in a pass (`position`, a
// per-family sequence: rules of one RuleImport share a millisecond and their ids are not
// ordered), a transaction's investment activity label, the runs of passes, the current rule
// effects (one per transaction and attribute, per tag for tags). Locks are schema v15's
// (entries.locked_attributes, store/TransactionLocks.h). Self-contained: the whole feature's
// tables in one version.
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

void rulesApplied(Tx& s) {
    const bool pg = sqlIsPostgres(s);
    // Schema v11: every text column compares bytes on PostgreSQL.
    const std::string text = pg ? "TEXT COLLATE \"C\"" : "TEXT";
    sqlExec(s, "ALTER TABLE rules ADD COLUMN position BIGINT");
    sqlExec(s, "UPDATE rules SET position = (SELECT COUNT(*) FROM rules r WHERE r.family_id = "
               "rules.family_id AND (r.created_at < rules.created_at OR (r.created_at = "
               "rules.created_at AND r.id <= rules.id)))");
    sqlExec(s, "CREATE INDEX rules_family_position ON rules (family_id, position)");
    // The body a RuleImport replaced (upsert by name), given back when that import is reverted.
    sqlExec(s, "ALTER TABLE rules ADD COLUMN replaced_body " + text);
    sqlExec(s, "ALTER TABLE rules ADD COLUMN replaced_by_import_id " + text);
    sqlExec(s, "ALTER TABLE entries ADD COLUMN investment_activity_label " + text);
    sqlExec(s, "CREATE TABLE rule_runs (id " + text + " PRIMARY KEY, family_id " + text +
                   " NOT NULL, rule_id " + text + ", rule_name " + text + ", execution_type " +
                   text + " NOT NULL, status " + text +
                   " NOT NULL, transactions_queued BIGINT NOT NULL DEFAULT 0, "
                   "transactions_processed BIGINT NOT NULL DEFAULT 0, transactions_modified "
                   "BIGINT NOT NULL DEFAULT 0, executed_at BIGINT NOT NULL, error_message " +
                   text + ", import_id " + text + ", start_date " + text + ", end_date " + text +
                   ", ignore_locks INTEGER NOT NULL DEFAULT 0, pass_id " + text +
                   " NOT NULL, pass_position BIGINT NOT NULL, created_at BIGINT NOT NULL, "
                   "updated_at BIGINT NOT NULL)");
    sqlExec(s, "CREATE INDEX rule_runs_family ON rule_runs (family_id, executed_at)");
    sqlExec(s, "CREATE INDEX rule_runs_rule ON rule_runs (rule_id)");
    sqlExec(s, "CREATE INDEX rule_runs_pass ON rule_runs (pass_id)");
    // The current effects (docs/rules.md §8). tag_id is '' except for tag_ids effects, so that
    // (entry, attribute, tag) is the key. A row holds only what differs per transaction: the
    // rule, run, family, import and time come from its run (a publish pass writes tens of
    // thousands of effects: one narrow b-tree row each, bench/RESULTS.md). When the rule is
    // deleted the run goes, and the run's fields are copied into the effect first.
    sqlExec(s, "CREATE TABLE rule_effects (entry_id " + text + " NOT NULL, attribute " + text +
                   " NOT NULL, tag_id " + text + " NOT NULL, value " + text + ", previous_value " +
                   text + ", transfer_account_id " + text + ", rule_run_id " + text +
                   ", family_id " + text + ", rule_id " + text + ", rule_name " + text +
                   ", execution_type " + text + ", import_id " + text +
                   ", applied_at BIGINT, PRIMARY KEY (entry_id, attribute, tag_id))" +
                   (pg ? "" : " WITHOUT ROWID"));
}

} // namespace

std::vector<Migration> schemaV16() {
    return {Migration{16, "rules applied: runs, effects, locks", {}, rulesApplied}};
}

} // namespace finimport::store
