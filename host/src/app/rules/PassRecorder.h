#pragma once
// What a pass leaves in the database besides the transactions' own columns (docs/rules.md §4,
// §6, §8): its runs (one per rule), the effects of its writes, and the counterpart legs of its
// transfer actions.

#include "app/rules/RuleSet.h"
#include "store/RuleRunStore.h"
#include "store/Tx.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace finimport::app::rules {

struct PassInfo {
    std::string familyId, executionType;                     // manual | import
    std::optional<std::string> importId, startDate, endDate; // importId: publish passes
    bool ignoreLocks = false;
};

class PassRecorder {
public:
    PassRecorder(store::Tx& s, const RuleSet& set, PassInfo info);

    // One pending run per rule, in pass order, sharing a new pass id.
    void createRuns();
    // The runs of an existing pass (a queued re-run), in pass order.
    void adoptRuns(const std::string& passId);
    std::vector<store::RuleRunRow>& runs() { return _runs; }
    const PassInfo& info() const { return _info; }

    // The pass's effects as rows; `txnOf(index)` gives the transaction an effect names.
    template <class TxnOf>
    std::vector<store::EffectRow> effectRows(std::vector<Effect>& effects, TxnOf txnOf) {
        std::vector<store::EffectRow> out;
        out.reserve(effects.size());
        for (auto& e : effects)
            out.push_back(effectRow(e, txnOf(e.txn).id));
        effects.clear();
        return out;
    }
    // Creates the counterpart leg of `t` and the confirmed transfer linking them.
    void counterpart(const RuleTxn& t, const TransferRequest& request);
    // Adds the counts of a pass (or of one chunk of it).
    void addCounts(const std::vector<RuleCounts>& counts);
    // Every run becomes `success` with its counts.
    void finishRuns();
    // Accounts whose balances must be recomputed (counterpart legs) → earliest date.
    const std::map<std::string, std::string>& touched() const { return _touched; }
    // Counterpart legs this pass created: never targets of the same pass (docs/rules.md §2).
    bool createdHere(const std::string& entryId) const { return _created.count(entryId) > 0; }

private:
    store::EffectRow effectRow(const Effect& e, const std::string& entryId) const;

    store::Tx& _s;
    const RuleSet& _set;
    PassInfo _info;
    std::vector<store::RuleRunRow> _runs;
    std::map<std::string, std::string> _touched;
    std::set<std::string> _created;
    int64_t _appliedAt = 0;
};

} // namespace finimport::app::rules
