#include "store/RuleRunStore.h"

#include "store/BatchInsert.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <set>

namespace finimport::store {

namespace {

const char* kRunColumns =
    "id, family_id, execution_type, status, pass_id, rule_id, rule_name, error_message, "
    "import_id, start_date, end_date, transactions_queued, transactions_processed, "
    "transactions_modified, executed_at, pass_position, ignore_locks, created_at, updated_at";

RuleRunRow runFrom(const SqlRow& r) {
    RuleRunRow o;
    o.id = r.str(0);
    o.familyId = r.str(1);
    o.executionType = r.str(2);
    o.status = r.str(3);
    o.passId = r.str(4);
    o.ruleId = r.optStr(5);
    o.ruleName = r.optStr(6);
    o.errorMessage = r.optStr(7);
    o.importId = r.optStr(8);
    o.startDate = r.optStr(9);
    o.endDate = r.optStr(10);
    o.queued = r.i64(11);
    o.processed = r.i64(12);
    o.modified = r.i64(13);
    o.executedAt = r.i64(14);
    o.passPosition = r.i64(15);
    o.ignoreLocks = r.i64(16) != 0;
    o.createdAt = r.i64(17);
    o.updatedAt = r.i64(18);
    return o;
}

std::string runWhere(const RunFilter& f, std::vector<SqlValue>& p) {
    std::string w = " WHERE family_id = ?";
    auto eq = [&](const char* col, const std::optional<std::string>& v) {
        if (!v) return;
        w += std::string(" AND ") + col + " = ?";
        p.emplace_back(*v);
    };
    eq("rule_id", f.ruleId);
    eq("status", f.status);
    eq("execution_type", f.executionType);
    eq("import_id", f.importId);
    if (f.executedFrom) {
        w += " AND executed_at >= ?";
        p.emplace_back(*f.executedFrom);
    }
    if (f.executedTo) {
        w += " AND executed_at <= ?";
        p.emplace_back(*f.executedTo);
    }
    return w;
}

const char* kEffectColumns = "id, family_id, entry_id, attribute, tag_id, execution_type, value, "
                             "previous_value, transfer_account_id, rule_id, rule_name, "
                             "rule_run_id, import_id, applied_at";

EffectRow effectFrom(const SqlRow& r) {
    EffectRow e;
    e.id = r.str(0);
    e.familyId = r.str(1);
    e.entryId = r.str(2);
    e.attribute = r.str(3);
    e.tagId = r.str(4);
    e.executionType = r.str(5);
    e.value = r.optStr(6);
    e.previousValue = r.optStr(7);
    e.transferAccountId = r.optStr(8);
    e.ruleId = r.optStr(9);
    e.ruleName = r.optStr(10);
    e.ruleRunId = r.optStr(11);
    e.importId = r.optStr(12);
    e.appliedAt = r.i64(13);
    return e;
}

std::string effectWhere(const EffectFilter& f, std::vector<SqlValue>& p) {
    std::string w = " WHERE family_id = ?";
    auto eq = [&](const char* col, const std::optional<std::string>& v) {
        if (!v) return;
        w += std::string(" AND ") + col + " = ?";
        p.emplace_back(*v);
    };
    eq("entry_id", f.entryId);
    eq("rule_id", f.ruleId);
    eq("rule_run_id", f.ruleRunId);
    eq("import_id", f.importId);
    eq("attribute", f.attribute);
    return w;
}

} // namespace

void insertRuleRun(Tx& s, RuleRunRow& r) {
    if (r.id.empty()) r.id = newUuid();
    const int64_t now = nowMicros();
    if (r.executedAt == 0) r.executedAt = now;
    r.createdAt = r.updatedAt = now;
    sqlExec(s,
            std::string("INSERT INTO rule_runs (") + kRunColumns +
                ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {r.id, r.familyId, r.executionType, r.status, r.passId, sqlOpt(r.ruleId),
             sqlOpt(r.ruleName), sqlOpt(r.errorMessage), sqlOpt(r.importId), sqlOpt(r.startDate),
             sqlOpt(r.endDate), r.queued, r.processed, r.modified, r.executedAt, r.passPosition,
             int64_t(r.ignoreLocks), r.createdAt, r.updatedAt});
}

void finishRuleRun(Tx& s, const RuleRunRow& r) {
    sqlExec(
        s,
        "UPDATE rule_runs SET status = ?, transactions_queued = ?, transactions_processed = "
        "?, transactions_modified = ?, error_message = ?, updated_at = ? WHERE id = ?",
        {r.status, r.queued, r.processed, r.modified, sqlOpt(r.errorMessage), nowMicros(), r.id});
}

void failPass(Tx& s, const std::string& passId, const std::string& message) {
    sqlExec(s,
            "UPDATE rule_runs SET status = 'failed', error_message = ?, updated_at = ? WHERE "
            "pass_id = ?",
            {message, nowMicros(), passId});
}

std::vector<RuleRunRow> runsOfPass(Tx& s, const std::string& passId) {
    std::vector<RuleRunRow> out;
    for (const auto& r : sqlQuery(s,
                                  std::string("SELECT ") + kRunColumns +
                                      " FROM rule_runs WHERE pass_id = ? ORDER BY pass_position",
                                  {passId}))
        out.push_back(runFrom(r));
    return out;
}

std::optional<RuleRunRow> runOfFamily(Tx& s, const std::string& familyId, const std::string& id) {
    auto r = sqlQueryOne(
        s, std::string("SELECT ") + kRunColumns + " FROM rule_runs WHERE family_id = ? AND id = ?",
        {familyId, id});
    if (!r) return std::nullopt;
    return runFrom(*r);
}

int64_t countRuns(Tx& s, const std::string& familyId, const RunFilter& f) {
    std::vector<SqlValue> p{familyId};
    return sqlCount(s, "SELECT COUNT(*) FROM rule_runs" + runWhere(f, p), p);
}

std::vector<RuleRunRow> listRuns(Tx& s, const std::string& familyId, const RunFilter& f,
                                 int64_t offset, int64_t limit) {
    std::vector<SqlValue> p{familyId};
    std::string sql = std::string("SELECT ") + kRunColumns + " FROM rule_runs" + runWhere(f, p) +
                      " ORDER BY executed_at DESC, id DESC LIMIT ? OFFSET ?";
    p.emplace_back(limit);
    p.emplace_back(offset);
    std::vector<RuleRunRow> out;
    for (const auto& r : sqlQuery(s, sql, p))
        out.push_back(runFrom(r));
    return out;
}

void insertNewEffects(Tx& s, std::vector<EffectRow>& effects) {
    if (effects.empty()) return;
    BatchInsert batch(s, "rule_effects",
                      {"id", "family_id", "entry_id", "attribute", "tag_id", "execution_type",
                       "value", "previous_value", "transfer_account_id", "rule_id", "rule_name",
                       "rule_run_id", "import_id", "applied_at"},
                      500);
    for (auto& e : effects) {
        if (e.id.empty()) e.id = newOrderedUuid();
        batch.add({e.id, e.familyId, e.entryId, e.attribute, e.tagId, e.executionType,
                   sqlOpt(e.value), sqlOpt(e.previousValue), sqlOpt(e.transferAccountId),
                   sqlOpt(e.ruleId), sqlOpt(e.ruleName), sqlOpt(e.ruleRunId), sqlOpt(e.importId),
                   e.appliedAt});
    }
    batch.flush();
}

void replaceEffects(Tx& s, std::vector<EffectRow>& effects) {
    for (auto& e : effects) {
        auto old = sqlQueryOne(s,
                               "SELECT previous_value FROM rule_effects WHERE entry_id = ? AND "
                               "attribute = ? AND tag_id = ?",
                               {e.entryId, e.attribute, e.tagId});
        if (!old) continue;
        e.previousValue = old->optStr(0); // the value before any rule touched it
        sqlExec(s, "DELETE FROM rule_effects WHERE entry_id = ? AND attribute = ? AND tag_id = ?",
                {e.entryId, e.attribute, e.tagId});
    }
    insertNewEffects(s, effects);
}

int64_t countEffects(Tx& s, const std::string& familyId, const EffectFilter& f) {
    std::vector<SqlValue> p{familyId};
    return sqlCount(s, "SELECT COUNT(*) FROM rule_effects" + effectWhere(f, p), p);
}

std::vector<EffectRow> listEffects(Tx& s, const std::string& familyId, const EffectFilter& f,
                                   int64_t offset, int64_t limit) {
    std::vector<SqlValue> p{familyId};
    std::string sql = std::string("SELECT ") + kEffectColumns + " FROM rule_effects" +
                      effectWhere(f, p) + " ORDER BY applied_at DESC, id DESC LIMIT ? OFFSET ?";
    p.emplace_back(limit);
    p.emplace_back(offset);
    std::vector<EffectRow> out;
    for (const auto& r : sqlQuery(s, sql, p))
        out.push_back(effectFrom(r));
    return out;
}

void deleteEffectsOnImportEntries(Tx& s, const std::string& importId) {
    sqlExec(s,
            "DELETE FROM rule_effects WHERE EXISTS (SELECT 1 FROM entries x WHERE x.id = "
            "rule_effects.entry_id AND x.import_id = ?)",
            {importId});
}

void deleteEffect(Tx& s, const std::string& entryId, const std::string& attribute) {
    sqlExec(s, "DELETE FROM rule_effects WHERE entry_id = ? AND attribute = ?",
            {entryId, attribute});
}

void detachEffectsOfRule(Tx& s, const std::string& ruleId) {
    sqlExec(s, "UPDATE rule_effects SET rule_id = NULL, rule_run_id = NULL WHERE rule_id = ?",
            {ruleId});
}

std::vector<EffectRow> effectsOfRule(Tx& s, const std::string& ruleId) {
    std::vector<EffectRow> out;
    for (const auto& r : sqlQuery(s,
                                  std::string("SELECT ") + kEffectColumns +
                                      " FROM rule_effects WHERE rule_id = ? ORDER BY id",
                                  {ruleId}))
        out.push_back(effectFrom(r));
    return out;
}

void deleteEffectById(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM rule_effects WHERE id = ?", {id});
}

void deleteRunsOfRule(Tx& s, const std::string& ruleId) {
    sqlExec(s, "DELETE FROM rule_runs WHERE rule_id = ?", {ruleId});
}

std::map<std::string, int64_t> locksOf(Tx& s, const std::string& entryId) {
    std::map<std::string, int64_t> out;
    for (const auto& r : sqlQuery(s,
                                  "SELECT attribute, locked_at FROM transaction_locks WHERE "
                                  "entry_id = ?",
                                  {entryId}))
        out[r.str(0)] = r.i64(1);
    return out;
}

void lockAttributes(Tx& s, const std::string& entryId, const std::vector<std::string>& keys) {
    const int64_t now = nowMicros();
    for (const auto& k : std::set<std::string>(keys.begin(), keys.end())) {
        sqlExec(s, "DELETE FROM transaction_locks WHERE entry_id = ? AND attribute = ?",
                {entryId, k});
        sqlExec(s,
                "INSERT INTO transaction_locks (entry_id, attribute, locked_at) VALUES (?, ?, ?)",
                {entryId, k, now});
    }
}

void unlockAttributes(Tx& s, const std::string& entryId, const std::vector<std::string>& keys) {
    if (keys.empty()) {
        sqlExec(s, "DELETE FROM transaction_locks WHERE entry_id = ?", {entryId});
        return;
    }
    for (const auto& k : keys)
        sqlExec(s, "DELETE FROM transaction_locks WHERE entry_id = ? AND attribute = ?",
                {entryId, k});
}

} // namespace finimport::store
