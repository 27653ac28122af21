#include "app/rules/RuleValidation.h"

#include "domain/Date.h"
#include "domain/Decimal.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <set>
#include <sstream>

namespace finimport::app::rules {

namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

const std::set<std::string> kTextTypes = {"transaction_name", "transaction_notes",
                                          "transaction_details"};
const std::set<std::string> kSelectTypes = {"transaction_category", "transaction_merchant",
                                            "transaction_tag", "transaction_account"};
const std::set<std::string> kActionTypes = {
    "auto_categorize",          "auto_detect_merchants",      "exclude_transaction",
    "send_email_notification",  "set_as_transfer_or_payment", "set_investment_activity_label",
    "set_transaction_category", "set_transaction_merchant",   "set_transaction_name",
    "set_transaction_tags"};

bool isArray(const Var& v) {
    return v.type() == typeid(Array::Ptr);
}
bool isObject(const Var& v) {
    return v.type() == typeid(Object::Ptr);
}

// A scalar as stored text (a JSON number keeps its digits); nullopt for null, lists, objects.
std::optional<std::string> scalar(const Var& v) {
    if (v.isEmpty() || isArray(v) || isObject(v)) return std::nullopt;
    if (v.type() == typeid(bool)) return v.extract<bool>() ? "true" : "false";
    return v.convert<std::string>();
}

bool blank(const std::optional<std::string>& s) {
    return !s || s->find_first_not_of(" \t\r\n") == std::string::npos;
}

std::string str(const Object::Ptr& o, const char* key) {
    if (!o->has(key)) return "";
    return scalar(o->get(key)).value_or("");
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

Object::Ptr checkCondition(const Object::Ptr& c, bool nested, const FamilyRefs& refs,
                           std::vector<std::string>& errors) {
    Object::Ptr out = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    const std::string type = str(c, "condition_type"), op = str(c, "operator");
    std::optional<std::string> value = c->has("value") ? scalar(c->get("value")) : std::nullopt;
    out->set("condition_type", type);
    out->set("operator", op);
    out->set("value", value ? Var(*value) : Var());
    if (type == "compound") {
        if (nested) errors.push_back("Compound conditions cannot be nested");
        if (op != "and" && op != "or")
            errors.push_back("Operator \"" + op + "\" is not valid for compound");
        Array::Ptr subsOut = new Array;
        Var subs = c->has("sub_conditions") ? c->get("sub_conditions") : Var();
        if (!isArray(subs) || subs.extract<Array::Ptr>()->size() == 0) {
            errors.push_back("Compound condition must have sub_conditions");
        } else if (!nested) {
            auto a = subs.extract<Array::Ptr>();
            for (size_t i = 0; i < a->size(); ++i) {
                auto sub = a->getObject(unsigned(i));
                if (!sub) {
                    errors.push_back("Each condition must be an object");
                    continue;
                }
                subsOut->add(checkCondition(sub, true, refs, errors));
            }
        }
        out->set("value", Var());
        out->set("sub_conditions", subsOut);
        return out;
    }
    out->set("sub_conditions", Array::Ptr(new Array));
    std::set<std::string> ops;
    if (kTextTypes.count(type))
        ops = {"like", "=", "is_null"};
    else if (type == "transaction_amount")
        ops = {">", ">=", "<", "<=", "=", "!="};
    else if (kSelectTypes.count(type))
        ops = {"=", "is_null"};
    else if (type == "transaction_type")
        ops = {"="}; // docs/rules.md §3.3: only `=` through the API
    else {
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

Object::Ptr checkAction(const Object::Ptr& a, const FamilyRefs& refs,
                        std::vector<std::string>& errors) {
    Object::Ptr out = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    const std::string type = str(a, "action_type");
    Var raw = a->has("value") ? a->get("value") : Var();
    out->set("action_type", type);
    out->set("value", Var());
    if (type == "set_transaction_tags" && isArray(raw)) {
        Array::Ptr ids = new Array;
        auto in = raw.extract<Array::Ptr>();
        bool ok = in->size() > 0;
        for (size_t i = 0; i < in->size(); ++i) {
            auto v = scalar(in->get(unsigned(i)));
            bool known = false;
            if (v) recordsOf(type, refs, *v, known);
            ok = ok && known;
            if (v) ids->add(*v);
        }
        if (!ok) errors.push_back("Action " + type + " value must be one of your tags");
        out->set("value", ids);
        return out;
    }
    std::optional<std::string> value = scalar(raw);
    if (value) out->set("value", *value);
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

std::string stringify(const Array::Ptr& a) {
    std::ostringstream out;
    a->stringify(out);
    return out.str();
}

Array::Ptr parseArray(const std::string& text) {
    Poco::JSON::Parser parser;
    return parser.parse(text).extract<Array::Ptr>();
}

} // namespace

std::vector<std::string> validateRule(const Object& rule, const RuleBody* base,
                                      const FamilyRefs& refs, RuleBody& out) {
    std::vector<std::string> errors;
    if (base) out = *base;
    auto given = [&](const char* key) { return rule.has(key); };
    // Resource type.
    if (given("resource_type") || !base) {
        auto rt = given("resource_type") ? scalar(rule.get("resource_type")) : std::nullopt;
        if (blank(rt))
            errors.push_back("Resource type can't be blank");
        else if (*rt != "transaction")
            errors.push_back("Unsupported resource type: " + *rt);
        else
            out.resourceType = *rt;
    }
    // Actions.
    Array::Ptr actions = base && !given("actions") ? parseArray(base->actions) : nullptr;
    if (given("actions")) {
        Var v = rule.get("actions");
        actions = isArray(v) ? v.extract<Array::Ptr>() : Array::Ptr(new Array);
    }
    Array::Ptr actionsOut = new Array;
    if (!actions || actions->size() == 0) {
        errors.push_back("Rule must have at least one action");
    } else {
        std::set<std::string> seen;
        std::vector<Object::Ptr> valid;
        for (size_t i = 0; i < actions->size(); ++i) {
            auto a = actions->getObject(unsigned(i));
            const std::string type = a ? str(a, "action_type") : "";
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
        for (const auto& a : valid)
            actionsOut->add(checkAction(a, refs, valueErrors));
        // Conditions are reported before action values (docs/rules.md §11.3's order).
        Array::Ptr conditions =
            base && !given("conditions") ? parseArray(base->conditions) : Array::Ptr(new Array);
        if (given("conditions")) {
            Var v = rule.get("conditions");
            conditions = isArray(v) ? v.extract<Array::Ptr>() : Array::Ptr(new Array);
        }
        Array::Ptr conditionsOut = new Array;
        for (size_t i = 0; i < conditions->size(); ++i) {
            auto c = conditions->getObject(unsigned(i));
            if (!c) {
                errors.push_back("Each condition must be an object");
                continue;
            }
            conditionsOut->add(checkCondition(c, false, refs, errors));
        }
        errors.insert(errors.end(), valueErrors.begin(), valueErrors.end());
        out.conditions = stringify(conditionsOut);
        out.actions = stringify(actionsOut);
    }
    if (given("name")) {
        auto n = scalar(rule.get("name"));
        out.name = blank(n) ? std::nullopt : n; // docs/rules.md §1: blank is stored as null
    }
    if (given("effective_date")) {
        auto d = scalar(rule.get("effective_date"));
        if (blank(d))
            out.effectiveDate.reset();
        else if (auto parsed = domain::Date::parseIso(*d); parsed && parsed->iso() == *d)
            out.effectiveDate = *d;
        else
            errors.push_back("effective_date must be an ISO 8601 date");
    }
    if (given("active")) {
        auto a = scalar(rule.get("active"));
        if (rule.get("active").type() == typeid(bool))
            out.active = rule.get("active").extract<bool>();
        else if (a == "true" || a == "false")
            out.active = *a == "true";
        else
            errors.push_back("active must be true or false");
    }
    return errors;
}

} // namespace finimport::app::rules
