#include "app/rules/ReplacedBodies.h"

#include "domain/Json.h"
#include "store/RuleUndo.h"

#include <stdexcept>

namespace finimport::app::rules {

void keepReplacedBody(store::Tx& s, const std::string& ruleId, const std::string& importId) {
    std::optional<std::string> keptFor;
    auto body = store::currentRuleBody(s, ruleId, &keptFor);
    if (!body || keptFor == importId) return; // kept already
    json::Value kept = json::Value::makeObject();
    kept.set("active", json::Value::makeBool(body->active));
    if (body->effectiveDate)
        kept.set("effective_date", json::Value::makeString(*body->effectiveDate));
    kept.set("conditions", json::Value::makeString(body->conditions));
    kept.set("actions", json::Value::makeString(body->actions));
    store::keepReplacedBodyText(s, ruleId, importId, json::write(kept));
}

void restoreReplacedBodies(store::Tx& s, const std::string& importId) {
    for (const auto& [ruleId, text] : store::replacedBodiesOf(s, importId)) {
        auto parsed = json::parse(text);
        if (!parsed.value || !parsed.value->isObject())
            throw std::runtime_error("a kept rule body is not a JSON object");
        const json::Value& kept = *parsed.value;
        const auto member = [&](const char* key) {
            const json::Value* v = kept.find(key);
            return v && !v->isNull() ? std::optional<std::string>(v->text()) : std::nullopt;
        };
        store::RuleBody body;
        body.active = member("active") == "true";
        body.effectiveDate = member("effective_date");
        body.conditions = member("conditions").value_or("[]");
        body.actions = member("actions").value_or("[]");
        store::restoreRuleBody(s, ruleId, body);
    }
}

} // namespace finimport::app::rules
