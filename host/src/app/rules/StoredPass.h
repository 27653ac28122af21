#pragma once
// A pass over stored transactions (docs/rules.md §6): a re-run over a date range, or a
// publish's pass over what it created when the publish wrote them before the pass could see
// them (QIF splits and transfers). Targets stream in chunks; each changed one is written back.

#include "app/rules/PassRecorder.h"
#include "app/rules/RuleSet.h"
#include "store/RuleTargets.h"
#include "store/Tx.h"

#include <cstdint>

namespace finimport::app::rules {

struct StoredPassResult {
    int64_t targets = 0, changed = 0;
};

// Applies `set` to the targets of `query` (accounts out of scope skipped), recording through
// `recorder` (whose runs exist), then finishes the runs.
StoredPassResult runStoredPass(store::Tx& s, RuleSet& set, PassRecorder& recorder,
                               const store::TargetQuery& query);

// Recomputes the balances of the accounts that received counterpart legs.
void recomputeTouched(store::Tx& s, const PassRecorder& recorder);

// The family's accounts in scope, sorted: a re-run's accounts.
std::vector<std::string> scopeAccounts(const RuleSet& set);

} // namespace finimport::app::rules
