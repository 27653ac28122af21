#pragma once
// A family's rules compiled for a pass (docs/rules.md §1-§4): conditions and actions parsed once,
// operands checked against the family's records once, so that evaluating a rule on a
// transaction touches no database and parses nothing.

#include "store/RuleTargets.h"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace finimport::app::rules {

using RuleTxn = store::RuleTarget;

enum class Field { Name, Notes, Details, Amount, Category, Merchant, Tag, Account, Type, Compound };
enum class Op { Like, Equal, IsNull, Gt, Ge, Lt, Le, Ne, And, Or };

struct Condition {
    Field field = Field::Name;
    Op op = Op::Equal;
    bool never = false;  // the operand names nothing: matches no transaction (R5, R12)
    bool always = false; // a stored compound without members, `is_null` on the type
    std::string text;    // text operand normalised (and folded for `like`), an id, a type
    int64_t amount = 0;  // amount operand, scaled 10^8
    int nameSlot = -1;   // the pass's cache slot of a `like`/`=` on the name
    std::vector<Condition> subs;
};

enum class ActionType {
    Category,
    Merchant,
    Tags,
    Name,
    Exclude,
    Label,
    Transfer,
    AutoCategory,
    AutoMerchant,
    Email
};

struct Action {
    ActionType type = ActionType::Email;
    bool inert = false; // names no record of the family, invalid label: does nothing
    std::string value;
    std::vector<std::string> tags;
};

struct CompiledRule {
    std::string id; // empty for an unsaved rule (dry run)
    std::optional<std::string> name, effectiveDate;
    std::vector<Condition> conditions;
    std::vector<Action> actions;
    // "Rule <name or id>" as a failing pass reports it (docs/rules.md §6).
    std::string label() const;
};

struct AccountRef {
    std::string name, type, status;
    bool liability = false;
};

// The family's records that operands may name.
struct FamilyRefs {
    std::unordered_map<std::string, std::string> categories, merchants, tags; // id → name
    std::unordered_map<std::string, AccountRef> accounts;
    bool inScope(const std::string& accountId) const; // status active or draft
};

// A stored rule: conditions and actions as JSON text.
struct RuleSource {
    std::string id;
    std::optional<std::string> name, effectiveDate;
    std::string conditions = "[]", actions = "[]";
};

// Compiles `source` against `refs`; `nameSlots` counts the name-cache slots handed out.
// Throws std::runtime_error when the JSON is not a list of objects.
CompiledRule compileRule(const RuleSource& source, const FamilyRefs& refs, int& nameSlots);

// The labels `set_investment_activity_label` accepts (docs/rules.md §4).
bool isActivityLabel(const std::string& label);
// The action's lock key (docs/rules.md §4), empty when not lockable.
const char* lockKeyOf(ActionType type);
// The operators a condition of `type` takes in a rule file (docs/rules.md §3); empty when `type`
// is no condition (compound aside). The API takes only `=` for transaction_type (RuleValidation).
std::set<std::string> conditionOperators(const std::string& type);

} // namespace finimport::app::rules
