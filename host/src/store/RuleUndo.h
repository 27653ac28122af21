#pragma once
// Undoing rule writes (docs/rules.md §10, R13) and a RuleImport's replaced bodies.

#include "store/RuleRunStore.h"
#include "store/RuleStore.h"
#include "store/Tx.h"

#include <optional>
#include <string>
#include <utility>

namespace finimport::store {

// Sets the effect's attribute back to its previous value (a tag removed; a transfer dissolved:
// the counterpart leg deleted and both kinds back to `standard`), then deletes the effect.
// Returns the counterpart's (account, date) when one was deleted (its balances change).
std::optional<std::pair<std::string, std::string>> undoEffect(Tx& s, const EffectRow& effect);

// A RuleImport's upsert keeps the body it replaced, to give it back at revert.
void keepReplacedBody(Tx& s, const std::string& ruleId, const std::string& importId);
// Gives every rule the import replaced its former body back.
void restoreReplacedBodies(Tx& s, const std::string& importId);

} // namespace finimport::store
