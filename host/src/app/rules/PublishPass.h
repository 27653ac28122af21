#pragma once
// The pass of a publish (docs/rules.md §6, R10): the family's active rules applied, inside the
// publish's transaction, to the transactions the publish created. The publish's new
// transactions are changed in memory before they are written (applyToNew: no statement per
// rule or row, and none at all while the batch streams); what a publish writes otherwise is
// read back and changed in place (applyToStored). The new transactions' effects go out in one
// batch over the whole publish; finish() writes its rest, labels, runs and counterpart legs.

#include "app/rules/DryRun.h"
#include "app/rules/PassRecorder.h"
#include "app/rules/RuleSet.h"
#include "store/EntryStore.h"
#include "store/RuleRunStore.h"
#include "store/Tx.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app::rules {

class PublishPass {
public:
    PublishPass(store::Tx& s, std::string familyId, std::string importId);
    ~PublishPass();

    // Before the batch is written: fills the entries' ids and applies the rules to them.
    // `rowNumbers`: each entry's import row (the preview's change list names rows).
    void applyToNew(std::vector<store::EntryRow>& entries,
                    std::vector<store::TransactionDetail>& details,
                    const std::vector<int64_t>& rowNumbers = {});
    // docs/rules.md §9: applyToNew only lists the changes (in `changes`), records nothing;
    // the caller rolls the transaction back.
    void previewInto(ChangeList& changes) { _preview = &changes; }
    // After the batch of the entries applyToNew changed is written: their labels, by one UPDATE
    // per label and 500 ids, while the pages just written are still in SQLite's page cache
    // (docs/decisions.md D245). Nothing for a preview.
    void afterWrite();
    // Whether the family has active rules: the pass will run (loads them once).
    bool active() { return load(); }
    // Whether applyToNew may be called once per batch of the publish (docs/decisions.md D125):
    // not when a rule learns from history, which holds the whole file as it was given.
    bool takesBatches();
    int64_t rowsEvaluated() const { return _evaluated; }
    int64_t rowsChanged() const { return _changedRows; }
    // After everything is written: the pass over the transactions the import created.
    void applyToStored();
    // The last effects, labels, runs and counterpart legs; returns the accounts whose balances
    // the counterparts changed (→ earliest ISO date).
    std::map<std::string, std::string> finish();

private:
    bool load(); // false when the family has no active rule

    store::Tx& _s;
    std::string _familyId, _importId;
    std::unique_ptr<RuleSet> _set;
    std::unique_ptr<PassRecorder> _recorder;
    bool _loaded = false, _storedDone = false, _runsCreated = false;
    ChangeList* _preview = nullptr;
    int64_t _evaluated = 0, _changedRows = 0;
    // What applyToNew leaves for afterWrite() (labels → entry ids) and for finish() (transfers
    // to complete).
    std::map<std::string, std::vector<std::string>> _labels;
    std::vector<std::pair<RuleTxn, TransferRequest>> _transfers;
    std::unique_ptr<store::EffectBatch> _effects; // the new transactions' effects
};

} // namespace finimport::app::rules
