#include "http/handlers/RuleJson.h"

#include "http/Formats.h"
#include "http/handlers/JsonFields.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/UUIDGenerator.h>

namespace finimport::http {

namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

// docs/rules.md §1: a condition's or action's id is kept until the body is next replaced: a
// name-based UUID of the rule, the body and the item's place in it.
std::string itemId(const std::string& ruleId, const std::string& body, const std::string& path) {
    static const Poco::UUID kNamespace("6f1c9a52-7c1e-4b4e-9a0f-2d3c4b5a6978");
    return Poco::UUIDGenerator::defaultGenerator()
        .createFromName(kNamespace, ruleId + "\n" + path + "\n" + body)
        .toString();
}

void writeValue(JsonWriter& w, const Object::Ptr& o) {
    w.key("value");
    if (!o->has("value") || o->isNull("value")) {
        w.null();
        return;
    }
    Var v = o->get("value");
    if (v.type() == typeid(Array::Ptr)) {
        auto a = v.extract<Array::Ptr>();
        w.beginArray();
        for (size_t i = 0; i < a->size(); ++i)
            if (a->get(unsigned(i)).isEmpty())
                w.null();
            else
                w.string(a->get(unsigned(i)).convert<std::string>());
        w.endArray();
        return;
    }
    if (v.type() == typeid(Object::Ptr)) {
        w.null();
        return;
    }
    w.string(v.convert<std::string>());
}

std::string text(const Object::Ptr& o, const char* key) {
    if (!o->has(key) || o->isNull(key)) return "";
    return o->get(key).convert<std::string>();
}

void writeCondition(JsonWriter& w, const Object::Ptr& c, const store::StoredRule& r,
                    const std::string& path) {
    const std::string stamp = formatTimestampSeconds(r.updatedAt);
    w.beginObject();
    w.key("id").string(itemId(r.id, r.conditions, path));
    w.key("condition_type").string(text(c, "condition_type"));
    w.key("operator").string(text(c, "operator"));
    writeValue(w, c);
    w.key("sub_conditions").beginArray();
    if (c->has("sub_conditions") && text(c, "condition_type") == "compound")
        if (auto subs = c->getArray("sub_conditions"))
            for (size_t i = 0; i < subs->size(); ++i)
                if (auto sub = subs->getObject(unsigned(i)))
                    writeCondition(w, sub, r, path + "." + std::to_string(i));
    w.endArray();
    w.key("created_at").string(stamp);
    w.key("updated_at").string(stamp);
    w.endObject();
}

Array::Ptr parse(const std::string& text) {
    try {
        Poco::JSON::Parser parser;
        Var v = parser.parse(text.empty() ? "[]" : text);
        if (v.type() == typeid(Array::Ptr)) return v.extract<Array::Ptr>();
    } catch (const Poco::Exception&) {
        // a stored body that does not parse reads as empty
    }
    return new Array;
}

void writeOptionalStamp(JsonWriter& w, const char* name, int64_t micros) {
    w.key(name).string(formatTimestampSeconds(micros));
}

} // namespace

void writeRule(JsonWriter& w, const store::StoredRule& r) {
    w.beginObject();
    w.key("id").string(r.id);
    writeOptionalString(w, "name", r.name);
    w.key("resource_type").string(r.resourceType);
    w.key("active").boolean(r.active);
    writeOptionalString(w, "effective_date", r.effectiveDate);
    w.key("conditions").beginArray();
    auto conditions = parse(r.conditions);
    for (size_t i = 0; i < conditions->size(); ++i)
        if (auto c = conditions->getObject(unsigned(i))) writeCondition(w, c, r, std::to_string(i));
    w.endArray();
    w.key("actions").beginArray();
    auto actions = parse(r.actions);
    const std::string stamp = formatTimestampSeconds(r.updatedAt);
    for (size_t i = 0; i < actions->size(); ++i) {
        auto a = actions->getObject(unsigned(i));
        if (!a) continue;
        w.beginObject();
        w.key("id").string(itemId(r.id, r.actions, std::to_string(i)));
        w.key("action_type").string(text(a, "action_type"));
        writeValue(w, a);
        w.key("created_at").string(stamp);
        w.key("updated_at").string(stamp);
        w.endObject();
    }
    w.endArray();
    writeOptionalStamp(w, "created_at", r.createdAt);
    writeOptionalStamp(w, "updated_at", r.updatedAt);
    w.endObject();
}

void writeRuleRun(JsonWriter& w, const store::RuleRunRow& run,
                  const std::map<std::string, store::StoredRule>& rules) {
    w.beginObject();
    w.key("id").string(run.id);
    writeOptionalString(w, "rule_id", run.ruleId);
    writeOptionalString(w, "rule_name", run.ruleName);
    w.key("execution_type").string(run.executionType);
    w.key("status").string(run.status);
    w.key("transactions_queued").integer(run.queued);
    w.key("transactions_processed").integer(run.processed);
    w.key("transactions_modified").integer(run.modified);
    w.key("pending_jobs_count").integer(0);
    w.key("executed_at").string(formatTimestampSeconds(run.executedAt));
    writeOptionalString(w, "error_message", run.errorMessage);
    w.key("rule");
    auto it = run.ruleId ? rules.find(*run.ruleId) : rules.end();
    if (it == rules.end()) {
        w.null();
    } else {
        w.beginObject();
        w.key("id").string(it->second.id);
        writeOptionalString(w, "name", it->second.name);
        w.key("resource_type").string(it->second.resourceType);
        w.key("active").boolean(it->second.active);
        w.endObject();
    }
    writeOptionalString(w, "import_id", run.importId);
    writeOptionalString(w, "start_date", run.startDate);
    writeOptionalString(w, "end_date", run.endDate);
    w.key("ignore_locks").boolean(run.ignoreLocks);
    writeOptionalStamp(w, "created_at", run.createdAt);
    writeOptionalStamp(w, "updated_at", run.updatedAt);
    w.endObject();
}

void writeRuleEffect(JsonWriter& w, const store::EffectRow& e) {
    w.beginObject();
    w.key("id").string(e.id);
    w.key("transaction_id").string(e.entryId);
    w.key("attribute").string(e.attribute);
    auto value = [&](const char* name, const std::optional<std::string>& v) {
        w.key(name);
        if (!v)
            w.null();
        else if (e.attribute == "excluded")
            w.boolean(*v == "true");
        else
            w.string(*v);
    };
    value("value", e.value);
    value("previous_value", e.previousValue);
    writeOptionalString(w, "transfer_account_id", e.transferAccountId);
    writeOptionalString(w, "rule_id", e.ruleId);
    writeOptionalString(w, "rule_name", e.ruleName);
    writeOptionalString(w, "rule_run_id", e.ruleRunId);
    w.key("execution_type").string(e.executionType);
    writeOptionalString(w, "import_id", e.importId);
    w.key("applied_at").string(formatTimestampSeconds(e.appliedAt));
    w.endObject();
}

} // namespace finimport::http
