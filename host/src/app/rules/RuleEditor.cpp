#include "app/rules/RuleEditor.h"

#include "app/rules/RuleRemoval.h"
#include "app/rules/RuleSet.h"
#include "app/rules/RuleValidation.h"
#include "domain/Json.h"
#include "store/RuleStore.h"

namespace finimport::app::rules {

namespace {

Error missingWrapper() {
    return {ErrorKind::Invalid, "validation_failed",
            "param is missing or the value is empty or invalid: rule",
            std::vector<std::string>{"param is missing or the value is empty or invalid: rule"}};
}

Error notFound() {
    return {ErrorKind::NotFound, "record_not_found", "The requested resource was not found",
            std::nullopt};
}

// The `rule` wrapper's members (the http layer wrote them from the request, numbers exact);
// nullopt when there is none or it is empty.
std::optional<json::Value> parseWrapper(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    auto parsed = json::parse(*text, 256);
    if (!parsed.value || !parsed.value->isObject() || parsed.value->items().empty())
        return std::nullopt;
    return std::move(parsed.value);
}

store::RuleRow rowOf(const std::string& familyId, const RuleBody& b) {
    store::RuleRow r;
    r.familyId = familyId;
    r.name = b.name;
    r.resourceType = b.resourceType;
    r.active = b.active;
    r.effectiveDate = b.effectiveDate;
    r.conditions = b.conditions;
    r.actions = b.actions;
    return r;
}

RuleEditResult save(store::Database& db, const std::string& familyId,
                    const std::optional<std::string>& id, const std::optional<std::string>& json) {
    auto rule = parseWrapper(json);
    RuleEditResult result = notFound();
    if (!rule) {
        // 404 before 422: an unknown rule is unknown whatever the body.
        bool known = !id;
        if (id)
            db.read(
                [&](store::Tx& s) { known = store::ruleOfFamily(s, familyId, *id).has_value(); });
        if (known) result = missingWrapper();
        return result;
    }
    db.write([&](store::Tx& s) {
        std::optional<store::StoredRule> existing;
        if (id) {
            existing = store::ruleOfFamily(s, familyId, *id);
            if (!existing) return;
        }
        RuleSet refs(s, familyId, {});
        RuleBody base, body;
        if (existing) {
            base.name = existing->name;
            base.effectiveDate = existing->effectiveDate;
            base.resourceType = existing->resourceType;
            base.active = existing->active;
            base.conditions = existing->conditions;
            base.actions = existing->actions;
        }
        auto errors = validateRule(*rule, existing ? &base : nullptr, refs.refs(), body);
        if (!errors.empty()) {
            result =
                Error{ErrorKind::Invalid, "validation_failed", "Rule could not be saved", errors};
            return;
        }
        std::string ruleId = id.value_or("");
        if (existing)
            store::updateRuleAndName(s, ruleId, rowOf(familyId, body));
        else
            ruleId = store::insertRule(s, rowOf(familyId, body));
        result = *store::ruleOfFamily(s, familyId, ruleId);
    });
    return result;
}

} // namespace

RuleEditResult createRule(store::Database& db, const std::string& familyId,
                          const std::optional<std::string>& ruleJson) {
    return save(db, familyId, std::nullopt, ruleJson);
}

RuleEditResult updateRule(store::Database& db, const std::string& familyId, const std::string& id,
                          const std::optional<std::string>& ruleJson) {
    return save(db, familyId, id, ruleJson);
}

std::optional<Error> deleteRule(store::Database& db, const std::string& familyId,
                                const std::string& id) {
    bool found = false;
    db.write([&](store::Tx& s) {
        if (!store::ruleOfFamily(s, familyId, id)) return;
        found = true;
        removeRule(s, id, false);
    });
    if (!found) return notFound();
    return std::nullopt;
}

} // namespace finimport::app::rules
