#include "app/rules/RuleValidation.h"
#include "app/rules/RuleModel.h"

#include "domain/Date.h"
#include "domain/Decimal.h"
#include "domain/Json.h"

#include <set>

namespace finimport::app::rules {

namespace {

using json::Value;

const std::set<std::string> kSelectTypes = {"transaction_category", "transaction_merchant",
                                            "transaction_tag", "transaction_account"};
const std::set<std::string> kActionTypes = {
    "auto_categorize",          "auto_detect_merchants",      "exclude_transaction",
    "send_email_notification",  "set_as_transfer_or_payment", "set_investment_activity_label",
    "set_transaction_category", "set_transaction_merchant",   "set_transaction_name",
    "set_transaction_tags"};

// A scalar as stored text (a JSON number keeps its exact digits, an exponent written out:
// docs/decisions.md D180/D181); nullopt for a missing member, null, lists, objects.
std::optional<std::string> scalar(const Value* v) {
    if (v == nullptr || !(v->isString() || v->isNumber() || v->isBool())) return std::nullopt;
    if (v->isNumber()) return json::plainNumber(v->text()).value_or(v->text());
    return v->text();
}

bool blank(const std::optional<std::string>& s) {
    return !s || s->find_first_not_of(" \t\r\n") == std::string::npos;
}

std::string str(const Value& o, const char* key) {
    return scalar(o.find(key)).value_or("");
}

Value textOrNull(const std::optional<std::string>& text) {
    return text ? Value::makeString(*text) : Value();
}

// "categories" etc. for the operand's record kind, with its id set.
const char* recordsOf(const std::string& type, const FamilyRefs& refs, const std::string& value,
                      bool& known) {
    if (type == "transaction_category" || type == "set_transaction_category") {
        known = refs.categories.count(value) > 0;
        return "categories";
    }
    if (type == "transaction_merchant" || type == "set_transaction_merchant") {
        known = refs.merchants.count(value) > 0;
        return "merchants";
    }
    if (type == "transaction_tag" || type == "set_transaction_tags") {
        known = refs.tags.count(value) > 0;
        return "tags";
    }
    known = refs.accounts.count(value) > 0;
    return "accounts";
}

Value checkCondition(const Value& c, bool nested, const FamilyRefs& refs,
                     std::vector<std::string>& errors) {
    Value out = Value::makeObject();
    const std::string type = str(c, "condition_type"), op = str(c, "operator");
    std::optional<std::string> value = scalar(c.find("value"));
    out.set("condition_type", Value::makeString(type));
    out.set("operator", Value::makeString(op));
    out.set("value", textOrNull(value));
    if (type == "compound") {
        if (nested) errors.push_back("Compound conditions cannot be nested");
        if (op != "and" && op != "or")
            errors.push_back("Operator \"" + op + "\" is not valid for compound");
        Value subsOut = Value::makeArray();
        const Value* subs = c.find("sub_conditions", Value::Kind::Array);
        if (subs == nullptr || subs->items().empty()) {
            errors.push_back("Compound condition must have sub_conditions");
        } else if (!nested) {
            for (const Value& sub : subs->items()) {
                if (!sub.isObject()) {
                    errors.push_back("Each condition must be an object");
                    continue;
                }
                subsOut.push(checkCondition(sub, true, refs, errors));
            }
        }
        out.set("value", Value());
        out.set("sub_conditions", std::move(subsOut));
        return out;
    }
    out.set("sub_conditions", Value::makeArray());
    // docs/rules.md §3.3: only `=` for transaction_type through the API.
    const std::set<std::string> ops =
        type == "transaction_type" ? std::set<std::string>{"="} : conditionOperators(type);
    if (ops.empty()) {
        errors.push_back("Unsupported condition type: " + type);
        return out;
    }
    if (!ops.count(op)) {
        errors.push_back("Operator \"" + op + "\" is not valid for " + type);
        return out;
    }
    if (op == "is_null") return out;
    if (blank(value)) {
        errors.push_back("Condition " + type + " must have a value");
        return out;
    }
    if (type == "transaction_amount" && !domain::Decimal::parse(*value))
        errors.push_back("Condition transaction_amount value must be a number");
    if (type == "transaction_type" && *value != "income" && *value != "expense" &&
        *value != "transfer")
        errors.push_back(
            "Condition transaction_type value must be one of: income, expense, transfer");
    if (kSelectTypes.count(type)) {
        bool known = false;
        const char* records = recordsOf(type, refs, *value, known);
        if (!known) errors.push_back("Condition " + type + " value must be one of your " + records);
    }
    return out;
}

Value checkAction(const Value& a, const FamilyRefs& refs, std::vector<std::string>& errors) {
    Value out = Value::makeObject();
    const std::string type = str(a, "action_type");
    const Value* raw = a.find("value");
    out.set("action_type", Value::makeString(type));
    out.set("value", Value());
    if (type == "set_transaction_tags" && raw != nullptr && raw->isArray()) {
        Value ids = Value::makeArray();
        bool ok = !raw->items().empty();
        for (const Value& item : raw->items()) {
            auto v = scalar(&item);
            bool known = false;
            if (v) recordsOf(type, refs, *v, known);
            ok = ok && known;
            if (v) ids.push(Value::makeString(*v));
        }
        if (!ok) errors.push_back("Action " + type + " value must be one of your tags");
        out.set("value", std::move(ids));
        return out;
    }
    std::optional<std::string> value = scalar(raw);
    if (value) out.set("value", Value::makeString(*value));
    if (type == "set_transaction_category" || type == "set_transaction_merchant" ||
        type == "set_transaction_tags" || type == "set_as_transfer_or_payment") {
        bool known = false;
        const char* records = recordsOf(type, refs, value.value_or(""), known);
        if (!known) errors.push_back("Action " + type + " value must be one of your " + records);
    } else if (type == "set_transaction_name" && blank(value)) {
        errors.push_back("Action set_transaction_name must have a value");
    } else if (type == "set_investment_activity_label" && !isActivityLabel(value.value_or(""))) {
        errors.push_back("Action set_investment_activity_label value is not a valid label");
    }
    return out;
}

// A stored list (the base of a PATCH); not a list: empty.
Value parseArray(const std::string& text) {
    auto parsed = json::parse(text, 256);
    return parsed.value && parsed.value->isArray() ? std::move(*parsed.value) : Value::makeArray();
}

} // namespace

std::vector<std::string> validateRule(const json::Value& rule, const RuleBody* base,
                                      const FamilyRefs& refs, RuleBody& out) {
    std::vector<std::string> errors;
    if (base) out = *base;
    auto given = [&](const char* key) { return rule.find(key) != nullptr; };
    // The request's `key` array when it is given, else the stored rule's (`stored`, an update).
    auto listOf = [&](const char* key, const std::string* stored) {
        Value list = Value::makeArray();
        if (given(key)) {
            if (const Value* v = rule.find(key, Value::Kind::Array)) list = *v;
        } else if (stored) {
            list = parseArray(*stored);
        }
        return list;
    };
    // Resource type.
    if (given("resource_type") || !base) {
        auto rt = scalar(rule.find("resource_type"));
        if (blank(rt))
            errors.push_back("Resource type can't be blank");
        else if (*rt != "transaction")
            errors.push_back("Unsupported resource type: " + *rt);
        else
            out.resourceType = *rt;
    }
    // Actions.
    Value actions = listOf("actions", base ? &base->actions : nullptr);
    Value actionsOut = Value::makeArray();
    if (actions.items().empty()) {
        errors.push_back("Rule must have at least one action");
    } else {
        std::set<std::string> seen;
        std::vector<const Value*> valid;
        for (const Value& item : actions.items()) {
            const Value* a = item.isObject() ? &item : nullptr;
            const std::string type = a ? str(*a, "action_type") : "";
            if (!a || !kActionTypes.count(type)) {
                errors.push_back("Unsupported action type: " + type);
                continue;
            }
            if (!seen.insert(type).second) {
                errors.push_back("Action " + type + " appears more than once");
                continue;
            }
            valid.push_back(a);
        }
        std::vector<std::string> valueErrors;
        for (const Value* a : valid)
            actionsOut.push(checkAction(*a, refs, valueErrors));
        // Conditions are reported before action values (docs/rules.md §11.3's order).
        Value conditions = listOf("conditions", base ? &base->conditions : nullptr);
        Value conditionsOut = Value::makeArray();
        for (const Value& c : conditions.items()) {
            if (!c.isObject()) {
                errors.push_back("Each condition must be an object");
                continue;
            }
            conditionsOut.push(checkCondition(c, false, refs, errors));
        }
        errors.insert(errors.end(), valueErrors.begin(), valueErrors.end());
        out.conditions = json::write(conditionsOut);
        out.actions = json::write(actionsOut);
    }
    if (given("name")) {
        auto n = scalar(rule.find("name"));
        out.name = blank(n) ? std::nullopt : n; // docs/rules.md §1: blank is stored as null
    }
    if (given("effective_date")) {
        auto d = scalar(rule.find("effective_date"));
        if (blank(d))
            out.effectiveDate.reset();
        else if (auto parsed = domain::Date::parseIso(*d); parsed && parsed->iso() == *d)
            out.effectiveDate = *d;
        else
            errors.push_back("effective_date must be an ISO 8601 date");
    }
    if (given("active")) {
        auto a = scalar(rule.find("active"));
        if (a == "true" || a == "false")
            out.active = *a == "true";
        else
            errors.push_back("active must be true or false");
    }
    return errors;
}

} // namespace finimport::app::rules
