#pragma once
// A rule's removal (docs/rules.md §10): by `DELETE /api/v1/rules/{id}` its writes stay (effects
// without rule and run), by the revert of the import that created it they are undone (R13).

#include "store/Tx.h"

#include <map>
#include <string>

namespace finimport::app::rules {

// Deletes the rule and its runs. With `undo`, every current effect of the rule is undone first;
// returns the accounts whose balances a dissolved transfer changed (→ earliest ISO date).
std::map<std::string, std::string> removeRule(store::Tx& s, const std::string& ruleId, bool undo);

} // namespace finimport::app::rules
