#pragma once
// A RuleImport's upsert replaces a rule's body; the revert of that import gives it back
// (docs/rules.md §10). The kept body is a JSON object stored with the rule; its encoding lives
// here so that store/ stays SQL only.

#include "store/Tx.h"

#include <string>

namespace finimport::app::rules {

// Keeps the rule's current body for `importId` (once: a second upsert by the same import keeps
// the first).
void keepReplacedBody(store::Tx& s, const std::string& ruleId, const std::string& importId);
// Gives every rule the import replaced its former body back.
void restoreReplacedBodies(store::Tx& s, const std::string& importId);

} // namespace finimport::app::rules
