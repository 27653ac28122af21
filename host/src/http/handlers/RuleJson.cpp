#include "http/handlers/RuleJson.h"

#include "domain/Json.h"
#include "http/Formats.h"
#include "http/handlers/JsonFields.h"

#include <Poco/UUIDGenerator.h>

namespace finimport::http {

namespace {

using json::Value;

bool scalar(const Value& v) {
    return v.isString() || v.isNumber() || v.isBool();
}

// docs/rules.md §1: a condition's or action's id is kept until the body is next replaced: a
// name-based UUID of the rule, the body and the item's place in it.
std::string itemId(const std::string& ruleId, const std::string& body, const std::string& path) {
    static const Poco::UUID kNamespace("6f1c9a52-7c1e-4b4e-9a0f-2d3c4b5a6978");
    return Poco::UUIDGenerator::defaultGenerator()
        .createFromName(kNamespace, ruleId + "\n" + path + "\n" + body)
        .toString();
}

// Values as strings (a stored number keeps its exact text: the one JSON reader of
// docs/decisions.md D180).
void writeValue(JsonWriter& w, const Value& o) {
    w.key("value");
    const Value* v = o.find("value");
    if (v == nullptr || !(scalar(*v) || v->isArray())) {
        w.null();
        return;
    }
    if (v->isArray()) {
        w.beginArray();
        for (const Value& item : v->items())
            if (scalar(item))
                w.string(item.text());
            else
                w.null();
        w.endArray();
        return;
    }
    w.string(v->text());
}

std::string text(const Value& o, const char* key) {
    const Value* v = o.find(key);
    return v != nullptr && scalar(*v) ? v->text() : "";
}

void writeCondition(JsonWriter& w, const Value& c, const store::StoredRule& r,
                    const std::string& path) {
    const std::string stamp = formatTimestampSeconds(r.updatedAt);
    w.beginObject();
    w.key("id").string(itemId(r.id, r.conditions, path));
    w.key("condition_type").string(text(c, "condition_type"));
    w.key("operator").string(text(c, "operator"));
    writeValue(w, c);
    w.key("sub_conditions").beginArray();
    if (text(c, "condition_type") == "compound")
        if (const Value* subs = c.find("sub_conditions", Value::Kind::Array))
            for (size_t i = 0; i < subs->items().size(); ++i)
                if (const Value& sub = subs->items()[i]; sub.isObject())
                    writeCondition(w, sub, r, path + "." + std::to_string(i));
    w.endArray();
    w.key("created_at").string(stamp);
    w.key("updated_at").string(stamp);
    w.endObject();
}

// A stored body that does not parse reads as empty.
Value parse(const std::string& stored) {
    auto parsed = json::parse(stored.empty() ? "[]" : stored, 256);
    return parsed.value && parsed.value->isArray() ? std::move(*parsed.value) : Value::makeArray();
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
    const Value conditions = parse(r.conditions);
    for (size_t i = 0; i < conditions.items().size(); ++i)
        if (const Value& c = conditions.items()[i]; c.isObject())
            writeCondition(w, c, r, std::to_string(i));
    w.endArray();
    w.key("actions").beginArray();
    const Value actions = parse(r.actions);
    const std::string stamp = formatTimestampSeconds(r.updatedAt);
    for (size_t i = 0; i < actions.items().size(); ++i) {
        const Value& a = actions.items()[i];
        if (!a.isObject()) continue;
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
