#pragma once
// Rule runs, rule effects and transaction locks (docs/rules.md §6-§8, §10).

#include "store/Tx.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace finimport::store {

struct RuleRunRow {
    std::string id, familyId, executionType, status = "pending", passId;
    std::optional<std::string> ruleId, ruleName, errorMessage, importId, startDate, endDate;
    int64_t queued = 0, processed = 0, modified = 0, executedAt = 0, passPosition = 0;
    bool ignoreLocks = false;
    int64_t createdAt = 0, updatedAt = 0;
    int64_t seq = 0; // the run's number: what its effects name it by (schema v19)
};

// Fills id, seq and timestamps (executed_at too when 0).
void insertRuleRun(Tx& s, RuleRunRow& run);
// Sets the status, the counts and the error of one run.
void finishRuleRun(Tx& s, const RuleRunRow& run);
// Marks every run of a pass failed with `message` (counts kept at 0).
void failPass(Tx& s, const std::string& passId, const std::string& message);
std::vector<RuleRunRow> runsOfPass(Tx& s, const std::string& passId);

struct RunFilter {
    std::optional<std::string> ruleId, status, executionType, importId;
    std::optional<int64_t> executedFrom, executedTo; // µs, inclusive
};
std::optional<RuleRunRow> runOfFamily(Tx& s, const std::string& familyId, const std::string& id);
int64_t countRuns(Tx& s, const std::string& familyId, const RunFilter& f);
std::vector<RuleRunRow> listRuns(Tx& s, const std::string& familyId, const RunFilter& f,
                                 int64_t offset, int64_t limit);

// An effect; id, family, rule, import and time come from its run when read (docs/decisions.md
// D111), so a pass writes only the entry, attribute, tag, values and run.
struct EffectRow {
    std::string id, familyId, entryId, attribute, tagId, executionType; // tagId '' unless a tag
    std::optional<std::string> value, previousValue, transferAccountId, ruleId, ruleName, ruleRunId,
        importId;
    int64_t appliedAt = 0;
    int64_t runSeq = 0; // written: the run's seq (0: none); ruleRunId is what reads give
};

// New effects written in batches (multi-row INSERTs on SQLite, COPY on PostgreSQL): what a
// publish pass writes for its new transactions. Nothing is written until flush() or a full
// chunk (SQLite); on PostgreSQL only flush() writes.
class EffectBatch {
public:
    explicit EffectBatch(Tx& s);
    ~EffectBatch();
    void add(const std::string& entryId, const std::string& attribute, const std::string& tagId,
             std::optional<std::string> value, std::optional<std::string> previous,
             const std::optional<std::string>& transferAccountId, int64_t runSeq);
    void flush();
    // SQLite: writes the full chunks only and keeps the rest for later (one batch may serve a
    // whole publish: its statement is prepared once); PostgreSQL: as flush().
    void flushFullChunks();

private:
    std::unique_ptr<class BatchInsert> _batch;
};

// Writes new current effects. Where an effect of the same (entry, attribute, tag)
// exists, it is replaced and its previous_value kept (docs/rules.md §8).
void replaceEffects(Tx& s, std::vector<EffectRow>& effects);
// Batch insert of effects on transactions that have none yet (a publish's new transactions).
void insertNewEffects(Tx& s, std::vector<EffectRow>& effects);

struct EffectFilter {
    std::optional<std::string> entryId, ruleId, ruleRunId, importId, attribute;
    std::vector<std::string> entryIds; // any of these transactions, when non-empty
};
int64_t countEffects(Tx& s, const std::string& familyId, const EffectFilter& f);
std::vector<EffectRow> listEffects(Tx& s, const std::string& familyId, const EffectFilter& f,
                                   int64_t offset, int64_t limit);
// Effects of the transactions an import created (deleted with them by revert).
void deleteEffectsOnImportEntries(Tx& s, const std::string& importId);
// A user's write of the attribute: its effect goes (the value is the user's now).
void deleteEffect(Tx& s, const std::string& entryId, const std::string& attribute);
// The rule's deletion: its effects stay, without rule and run.
void detachEffectsOfRule(Tx& s, const std::string& ruleId);
std::vector<EffectRow> effectsOfRule(Tx& s, const std::string& ruleId);
void deleteEffectByKey(Tx& s, const EffectRow& effect);
void deleteRunsOfRule(Tx& s, const std::string& ruleId);

// A transaction's deletion: its effects (and its split children's) go.
void deleteEffectsOfEntry(Tx& s, const std::string& entryId);

} // namespace finimport::store
