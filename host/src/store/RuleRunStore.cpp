#include "store/RuleRunStore.h"
#include "store/Columns.h"

#include "store/BatchInsert.h"
#include "store/EffectAttributes.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <Poco/UUID.h>
#include <Poco/UUIDGenerator.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace finimport::store {

namespace {

const char* kRunColumns =
    "id, family_id, execution_type, status, pass_id, rule_id, rule_name, error_message, "
    "import_id, start_date, end_date, transactions_queued, transactions_processed, "
    "transactions_modified, executed_at, pass_position, ignore_locks, created_at, updated_at, "
    "seq";

RuleRunRow runFrom(const SqlRow& r) {
    RuleRunRow o;
    readColumns(r, o.id, o.familyId, o.executionType, o.status, o.passId, o.ruleId, o.ruleName,
                o.errorMessage, o.importId, o.startDate, o.endDate, o.queued, o.processed,
                o.modified, o.executedAt, o.passPosition, o.ignoreLocks, o.createdAt, o.updatedAt);
    o.seq = r.optI64(19).value_or(0);
    return o;
}

std::string runWhere(const RunFilter& f, std::vector<SqlValue>& p) {
    std::string w = " WHERE family_id = ?";
    andIf(w, p, "rule_id = ?", f.ruleId);
    andIf(w, p, "status = ?", f.status);
    andIf(w, p, "execution_type = ?", f.executionType);
    andIf(w, p, "import_id = ?", f.importId);
    andIf(w, p, "executed_at >= ?", f.executedFrom);
    andIf(w, p, "executed_at <= ?", f.executedTo);
    return w;
}

// An effect with its run's fields (the effect's own copies once the run is gone). The run is
// joined by its number (schema v19); a detached effect has none.
const char* kEffectFrom = " FROM rule_effects e LEFT JOIN rule_runs r ON r.seq = e.run_seq";
const char* kEffectSelect =
    "SELECT e.entry_id, e.attribute, e.tag_id, e.value, e.previous_value, "
    "e.transfer_account_id, r.id, COALESCE(r.family_id, e.family_id), "
    "COALESCE(r.rule_id, e.rule_id), COALESCE(r.rule_name, e.rule_name), "
    "COALESCE(r.execution_type, e.execution_type), COALESCE(r.import_id, e.import_id), "
    "COALESCE(r.executed_at, e.applied_at) FROM rule_effects e LEFT JOIN rule_runs r ON r.seq = "
    "e.run_seq";

// docs/decisions.md D111: an effect's id is a name-based UUID of its key and its run's time:
// stable while the effect exists, and no column to write.
std::string effectId(const EffectRow& e) {
    static const Poco::UUID kNamespace("2b0f7c3e-5a41-4f8e-9d1c-6e2a7b9c0d13");
    return Poco::UUIDGenerator::defaultGenerator()
        .createFromName(kNamespace, e.entryId + "\n" + e.attribute + "\n" + e.tagId + "\n" +
                                        std::to_string(e.appliedAt))
        .toString();
}

EffectRow effectFrom(const SqlRow& r) {
    EffectRow e;
    e.entryId = r.str(0);
    e.attribute = effectAttributeName(r.i64(1));
    e.tagId = r.str(2);
    e.value = r.optStr(3);
    if (!e.value && !e.tagId.empty()) e.value = e.tagId; // stored once, in the key (schema v19)
    e.previousValue = r.optStr(4);
    e.transferAccountId = r.optStr(5);
    e.ruleRunId = r.optStr(6);
    e.familyId = r.optStr(7).value_or("");
    e.ruleId = r.optStr(8);
    e.ruleName = r.optStr(9);
    e.executionType = r.optStr(10).value_or("");
    e.importId = r.optStr(11);
    e.appliedAt = r.optI64(12).value_or(0);
    e.id = effectId(e);
    return e;
}

std::string effectWhere(const EffectFilter& f, std::vector<SqlValue>& p) {
    std::string w = " WHERE COALESCE(r.family_id, e.family_id) = ?";
    andIf(w, p, "e.entry_id = ?", f.entryId);
    andIf(w, p, "COALESCE(r.rule_id, e.rule_id) = ?", f.ruleId);
    andIf(w, p, "r.id = ?", f.ruleRunId);
    andIf(w, p, "COALESCE(r.import_id, e.import_id) = ?", f.importId);
    if (f.attribute) {
        w += " AND e.attribute = ?";
        p.emplace_back(effectAttributeCode(*f.attribute));
    }
    if (!f.entryIds.empty()) andIn(w, p, "e.entry_id", f.entryIds);
    return w;
}

} // namespace

void insertRuleRun(Tx& s, RuleRunRow& r) {
    if (r.id.empty()) r.id = newUuid();
    const int64_t now = nowMicros();
    if (r.executedAt == 0) r.executedAt = now;
    r.createdAt = r.updatedAt = now;
    // Schema v19: SQLite has one writer, whose transaction this is; PostgreSQL's writers may be
    // concurrent and take a sequence's next value.
    r.seq = sqlCount(s, sqlIsPostgres(s) ? "SELECT nextval('rule_run_seqs')"
                                         : "SELECT COALESCE(MAX(seq), 0) + 1 FROM rule_runs");
    sqlExec(s, insertSql("rule_runs", kRunColumns),
            bindValues(r.id, r.familyId, r.executionType, r.status, r.passId, r.ruleId, r.ruleName,
                       r.errorMessage, r.importId, r.startDate, r.endDate, r.queued, r.processed,
                       r.modified, r.executedAt, r.passPosition, r.ignoreLocks, r.createdAt,
                       r.updatedAt, r.seq));
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
    return mapRows(sqlQuery(s,
                            std::string("SELECT ") + kRunColumns +
                                " FROM rule_runs WHERE pass_id = ? ORDER BY pass_position",
                            {passId}),
                   runFrom);
}

std::optional<RuleRunRow> runOfFamily(Tx& s, const std::string& familyId, const std::string& id) {
    return mapRow(
        rowOfFamily(s, std::string("SELECT ") + kRunColumns + " FROM rule_runs", familyId, id),
        runFrom);
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
    return mapRows(sqlQuery(s, sql, p), runFrom);
}

// SQLite: 200 rows a statement (docs/decisions.md D220). Preparing a 1,000-row INSERT cost
// about 20M instructions, three times what its rows cost to insert, and a batch prepares its
// full statement once and its last partial one: small chunks make both cheap, and a statement
// per 200 rows costs nothing measurable. PostgreSQL: one COPY per 5,000 rows or per flush.
EffectBatch::EffectBatch(Tx& s)
    : _batch(std::make_unique<BatchInsert>(
          s, "rule_effects",
          std::vector<std::string>{"entry_id", "attribute", "tag_id", "value", "previous_value",
                                   "transfer_account_id", "run_seq"},
          200)) {}

EffectBatch::~EffectBatch() = default;

void EffectBatch::add(const std::string& entryId, const std::string& attribute,
                      const std::string& tagId, std::optional<std::string> value,
                      std::optional<std::string> previous,
                      const std::optional<std::string>& transferAccountId, int64_t runSeq) {
    std::vector<SqlValue> row;
    row.reserve(7);
    row.emplace_back(entryId);
    row.emplace_back(effectAttributeCode(attribute));
    row.emplace_back(tagId);
    // A tag effect's value is its tag, already in the key: not stored twice (schema v19).
    if (value && !tagId.empty() && *value == tagId) value.reset();
    row.push_back(value ? SqlValue(std::move(*value)) : SqlValue(nullptr));
    row.push_back(previous ? SqlValue(std::move(*previous)) : SqlValue(nullptr));
    row.push_back(sqlOpt(transferAccountId));
    row.push_back(runSeq ? SqlValue(runSeq) : SqlValue(nullptr));
    _batch->add(std::move(row));
}

void EffectBatch::flush() {
    _batch->flush();
}

void EffectBatch::flushFullChunks() {
    _batch->flushFullChunks();
}

void insertNewEffects(Tx& s, std::vector<EffectRow>& effects) {
    if (effects.empty()) return;
    EffectBatch batch(s);
    for (auto& e : effects)
        batch.add(e.entryId, e.attribute, e.tagId, e.value, e.previousValue, e.transferAccountId,
                  e.runSeq);
    batch.flush();
}

void replaceEffects(Tx& s, std::vector<EffectRow>& effects) {
    // The current effects of the chunk's entries, a statement per 500 entries; those the new
    // effects replace give their first previous value and are deleted, a statement per
    // (attribute, tag) and 500 entries (bench/RESULTS.md, the 1M re-run).
    constexpr size_t kPerStatement = 500;
    std::vector<std::string> entries;
    entries.reserve(effects.size());
    for (const auto& e : effects)
        entries.push_back(e.entryId);
    std::sort(entries.begin(), entries.end());
    entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
    std::map<std::tuple<std::string, std::string, std::string>, std::optional<std::string>> old;
    for (size_t from = 0; from < entries.size(); from += kPerStatement) {
        const size_t n = std::min(kPerStatement, entries.size() - from);
        std::vector<SqlValue> params(entries.begin() + std::ptrdiff_t(from),
                                     entries.begin() + std::ptrdiff_t(from + n));
        std::string sql = "SELECT entry_id, attribute, tag_id, previous_value FROM rule_effects "
                          "WHERE entry_id IN (";
        for (size_t i = 0; i < n; ++i)
            sql += i ? ", ?" : "?";
        for (const auto& r : sqlQuery(s, sql + ")", params))
            old.emplace(std::make_tuple(r.str(0), effectAttributeName(r.i64(1)), r.str(2)),
                        r.optStr(3));
    }
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> replaced;
    for (auto& e : effects) {
        auto it = old.find(std::make_tuple(e.entryId, e.attribute, e.tagId));
        if (it == old.end()) continue;
        e.previousValue = it->second; // the value before any rule touched it
        replaced[{e.attribute, e.tagId}].push_back(e.entryId);
    }
    for (const auto& [key, ids] : replaced)
        for (size_t from = 0; from < ids.size(); from += kPerStatement) {
            const size_t n = std::min(kPerStatement, ids.size() - from);
            std::vector<SqlValue> params{effectAttributeCode(key.first), key.second};
            std::string sql =
                "DELETE FROM rule_effects WHERE attribute = ? AND tag_id = ? AND entry_id IN (";
            for (size_t i = 0; i < n; ++i) {
                sql += i ? ", ?" : "?";
                params.emplace_back(ids[from + i]);
            }
            sqlExec(s, sql + ")", params);
        }
    insertNewEffects(s, effects);
}

int64_t countEffects(Tx& s, const std::string& familyId, const EffectFilter& f) {
    std::vector<SqlValue> p{familyId};
    return sqlCount(s, std::string("SELECT COUNT(*)") + kEffectFrom + effectWhere(f, p), p);
}

std::vector<EffectRow> listEffects(Tx& s, const std::string& familyId, const EffectFilter& f,
                                   int64_t offset, int64_t limit) {
    std::vector<SqlValue> p{familyId};
    std::string sql = std::string(kEffectSelect) + effectWhere(f, p) +
                      " ORDER BY COALESCE(r.executed_at, e.applied_at) DESC, e.entry_id DESC, "
                      "e.attribute DESC, e.tag_id DESC LIMIT ? OFFSET ?";
    p.emplace_back(limit);
    p.emplace_back(offset);
    return mapRows(sqlQuery(s, sql, p), effectFrom);
}

void deleteEffectsOnImportEntries(Tx& s, const std::string& importId) {
    sqlExec(s,
            "DELETE FROM rule_effects WHERE EXISTS (SELECT 1 FROM entries x WHERE x.id = "
            "rule_effects.entry_id AND x.import_id = ?)",
            {importId});
}

void deleteEffect(Tx& s, const std::string& entryId, const std::string& attribute) {
    sqlExec(s, "DELETE FROM rule_effects WHERE entry_id = ? AND attribute = ?",
            {entryId, effectAttributeCode(attribute)});
}

void detachEffectsOfRule(Tx& s, const std::string& ruleId) {
    // The run's fields move into the effect before the run goes (docs/rules.md §10).
    sqlExec(s,
            "UPDATE rule_effects SET family_id = (SELECT r.family_id FROM rule_runs r WHERE r.seq "
            "= rule_effects.run_seq), rule_name = (SELECT r.rule_name FROM rule_runs r WHERE "
            "r.seq = rule_effects.run_seq), execution_type = (SELECT r.execution_type FROM "
            "rule_runs r WHERE r.seq = rule_effects.run_seq), import_id = (SELECT r.import_id "
            "FROM rule_runs r WHERE r.seq = rule_effects.run_seq), applied_at = (SELECT "
            "r.executed_at FROM rule_runs r WHERE r.seq = rule_effects.run_seq), rule_id = "
            "NULL, run_seq = NULL WHERE run_seq IN (SELECT seq FROM rule_runs WHERE rule_id = ?)",
            {ruleId});
}

std::vector<EffectRow> effectsOfRule(Tx& s, const std::string& ruleId) {
    return mapRows(sqlQuery(s,
                            std::string(kEffectSelect) +
                                " WHERE r.rule_id = ? ORDER BY e.entry_id, e.attribute, "
                                "e.tag_id",
                            {ruleId}),
                   effectFrom);
}

void deleteEffectByKey(Tx& s, const EffectRow& e) {
    sqlExec(s, "DELETE FROM rule_effects WHERE entry_id = ? AND attribute = ? AND tag_id = ?",
            {e.entryId, effectAttributeCode(e.attribute), e.tagId});
}

void deleteRunsOfRule(Tx& s, const std::string& ruleId) {
    sqlExec(s, "DELETE FROM rule_runs WHERE rule_id = ?", {ruleId});
}

void deleteEffectsOfEntry(Tx& s, const std::string& entryId) {
    sqlExec(s,
            "DELETE FROM rule_effects WHERE entry_id = ? OR EXISTS (SELECT 1 FROM entries c "
            "WHERE c.id = rule_effects.entry_id AND c.parent_entry_id = ?)",
            {entryId, entryId});
}

} // namespace finimport::store
