#pragma once
// Rules of a family (conditions and actions stored as JSON text).

#include "store/Tx.h"
#include <optional>
#include <string>

namespace finimport::store {

struct RuleRow {
    std::string familyId, resourceType;
    std::optional<std::string> name, effectiveDate; // effectiveDate ISO
    bool active = false;
    std::string conditions = "[]", actions = "[]"; // JSON arrays
    std::optional<std::string> importId; // the RuleImport that created it; none over the API
};

// Inserts the rule (owned by `importId`); returns its id.
std::string insertRule(Tx& s, const RuleRow& rule);
// The id of the family's oldest rule with this name and resource type.
std::optional<std::string> ruleIdByName(Tx& s, const std::string& familyId, const std::string& name,
                                        const std::string& resourceType);
// Replaces the rule's active flag, effective date, conditions and actions (name, resource type
// and owner stay).
void updateRuleBody(Tx& s, const std::string& id, const RuleRow& rule);
// PATCH /api/v1/rules/{id}: the name too (the place in a pass stays).
void updateRuleAndName(Tx& s, const std::string& id, const RuleRow& rule);

} // namespace finimport::store
