#pragma once
// Rules over the API (docs/rules.md §11): create, update and delete. Nothing is re-applied
// (R8); a deleted rule's effects stay without rule and run (§10).

#include "app/ErrorKind.h"
#include "store/Database.h"
#include "store/RuleTargets.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app::rules {

using RuleEditResult = std::variant<store::StoredRule, Error>;

// `ruleJson`: the `rule` wrapper object as JSON text; nullopt when the wrapper is missing, null,
// empty or not an object.
RuleEditResult createRule(store::Database& db, const std::string& familyId,
                          const std::optional<std::string>& ruleJson);
RuleEditResult updateRule(store::Database& db, const std::string& familyId, const std::string& id,
                          const std::optional<std::string>& ruleJson);
// NotFound when the family has no such rule.
std::optional<Error> deleteRule(store::Database& db, const std::string& familyId,
                                const std::string& id);

} // namespace finimport::app::rules
