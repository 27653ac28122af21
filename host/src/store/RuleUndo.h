#pragma once
// Undoing rule writes (docs/rules.md §10, R13) and a RuleImport's replaced bodies: the SQL only;
// the kept body's JSON is app/rules/ReplacedBodies.h's.

#include "store/RuleRunStore.h"
#include "store/RuleStore.h"
#include "store/Tx.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace finimport::store {

// Sets the effect's attribute back to its previous value (a tag removed; a transfer dissolved:
// the counterpart leg deleted and both kinds back to `standard`), then deletes the effect.
// Returns the counterpart's (account, date) when one was deleted (its balances change).
std::optional<std::pair<std::string, std::string>> undoEffect(Tx& s, const EffectRow& effect);

// The members of a rule body that a RuleImport upsert replaces (docs/rules.md §10).
struct RuleBody {
    bool active = false;
    std::optional<std::string> effectiveDate;
    std::string conditions, actions; // stored JSON text
};

// The rule's current body; `keptFor` is the import whose upsert kept a former body (if any).
// nullopt when no such rule.
std::optional<RuleBody> currentRuleBody(Tx& s, const std::string& ruleId,
                                        std::optional<std::string>* keptFor = nullptr);
// Stores `text` (app/rules encodes it) as the body to give back when `importId` is reverted.
void keepReplacedBodyText(Tx& s, const std::string& ruleId, const std::string& importId,
                          const std::string& text);
// (rule id, kept text) of every rule the import replaced.
std::vector<std::pair<std::string, std::string>> replacedBodiesOf(Tx& s,
                                                                  const std::string& importId);
// Writes the body back and forgets the kept one.
void restoreRuleBody(Tx& s, const std::string& ruleId, const RuleBody& body);

} // namespace finimport::store
