#pragma once
// The API's checks of a rule body (docs/rules.md §11.3): every problem listed, with the texts the
// RuleImport publish uses where they exist; operands must be ids of the family's records.

#include "app/rules/RuleModel.h"
#include "domain/Json.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::app::rules {

// A rule body as the API writes it: conditions and actions as canonical JSON text (values as
// strings, or a list of strings for tags), the other fields checked.
struct RuleBody {
    std::optional<std::string> name, effectiveDate;
    std::string resourceType;
    bool active = false;
    std::string conditions = "[]", actions = "[]";
};

// Checks `rule` (the members of the `rule` wrapper, merged over `base` for a PATCH) against
// the family's records. Returns the problems; `out` is filled when there are none.
std::vector<std::string> validateRule(const finimport::json::Value& rule, const RuleBody* base,
                                      const FamilyRefs& refs, RuleBody& out);

} // namespace finimport::app::rules
