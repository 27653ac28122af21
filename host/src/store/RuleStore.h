#pragma once
// Rules of a family (conditions and actions stored as JSON text).

#include <optional>
#include <string>

namespace Poco::Data {
class Session;
}

namespace finimport::store {

struct RuleRow {
    std::string familyId, resourceType;
    std::optional<std::string> name, effectiveDate; // effectiveDate ISO
    bool active = false;
    std::string conditions = "[]", actions = "[]"; // JSON arrays
    std::string importId;
};

// Inserts the rule (owned by `importId`); returns its id.
std::string insertRule(Poco::Data::Session& s, const RuleRow& rule);
// The id of the family's oldest rule with this name and resource type.
std::optional<std::string> ruleIdByName(Poco::Data::Session& s, const std::string& familyId,
                                        const std::string& name, const std::string& resourceType);
// Replaces the rule's active flag, effective date, conditions and actions (name, resource type
// and owner stay).
void updateRuleBody(Poco::Data::Session& s, const std::string& id, const RuleRow& rule);

} // namespace finimport::store
