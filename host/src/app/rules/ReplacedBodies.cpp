#include "app/rules/ReplacedBodies.h"

#include "store/RuleUndo.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <sstream>

namespace finimport::app::rules {

void keepReplacedBody(store::Tx& s, const std::string& ruleId, const std::string& importId) {
    std::optional<std::string> keptFor;
    auto body = store::currentRuleBody(s, ruleId, &keptFor);
    if (!body || keptFor == importId) return; // kept already
    Poco::JSON::Object json(Poco::JSON_PRESERVE_KEY_ORDER);
    json.set("active", body->active);
    if (body->effectiveDate) json.set("effective_date", *body->effectiveDate);
    json.set("conditions", body->conditions);
    json.set("actions", body->actions);
    std::ostringstream out;
    json.stringify(out);
    store::keepReplacedBodyText(s, ruleId, importId, out.str());
}

void restoreReplacedBodies(store::Tx& s, const std::string& importId) {
    for (const auto& [ruleId, text] : store::replacedBodiesOf(s, importId)) {
        Poco::JSON::Parser parser;
        auto json = parser.parse(text).extract<Poco::JSON::Object::Ptr>();
        store::RuleBody body;
        body.active = json->getValue<bool>("active");
        if (json->has("effective_date"))
            body.effectiveDate = json->getValue<std::string>("effective_date");
        body.conditions = json->getValue<std::string>("conditions");
        body.actions = json->getValue<std::string>("actions");
        store::restoreRuleBody(s, ruleId, body);
    }
}

} // namespace finimport::app::rules
