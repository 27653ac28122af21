#include "app/rules/RuleModel.h"

#include "app/rules/RuleText.h"
#include "domain/Decimal.h"
#include "domain/Json.h"

#include <algorithm>
#include <stdexcept>

namespace finimport::app::rules {

namespace {

using json::Value;

// Stored conditions and actions are read with the one JSON reader (docs/decisions.md D180): an
// amount operand keeps its exact text until Decimal::parse.
Value parseList(const std::string& text) {
    auto parsed = json::parse(text.empty() ? "[]" : text, 256);
    if (!parsed.value) throw std::runtime_error("stored rule is not valid JSON: " + parsed.error);
    if (!parsed.value->isArray()) throw std::runtime_error("stored rule is not a list");
    return std::move(*parsed.value);
}

bool scalar(const Value& v) {
    return v.isString() || v.isNumber() || v.isBool();
}

std::string str(const Value& o, const char* key) {
    const Value* v = o.find(key);
    if (v != nullptr && v->isNumber()) return json::plainNumber(v->text()).value_or(v->text());
    return v != nullptr && scalar(*v) ? v->text() : "";
}

std::vector<std::string> strings(const Value& o, const char* key) {
    std::vector<std::string> out;
    const Value* v = o.find(key);
    if (v == nullptr) return out;
    if (v->isArray()) {
        for (const Value& item : v->items())
            if (scalar(item)) out.push_back(item.text());
    } else if (scalar(*v)) {
        out.push_back(v->text());
    }
    return out;
}

std::optional<Field> fieldOf(const std::string& type) {
    static const std::unordered_map<std::string, Field> kFields = {
        {"transaction_name", Field::Name},         {"transaction_notes", Field::Notes},
        {"transaction_details", Field::Details},   {"transaction_amount", Field::Amount},
        {"transaction_category", Field::Category}, {"transaction_merchant", Field::Merchant},
        {"transaction_tag", Field::Tag},           {"transaction_account", Field::Account},
        {"transaction_type", Field::Type},         {"compound", Field::Compound}};
    auto it = kFields.find(type);
    if (it == kFields.end()) return std::nullopt;
    return it->second;
}

std::optional<Op> opOf(const std::string& op) {
    static const std::unordered_map<std::string, Op> kOps = {
        {"like", Op::Like}, {"=", Op::Equal}, {"is_null", Op::IsNull}, {">", Op::Gt},
        {">=", Op::Ge},     {"<", Op::Lt},    {"<=", Op::Le},          {"!=", Op::Ne},
        {"and", Op::And},   {"or", Op::Or}};
    auto it = kOps.find(op);
    if (it == kOps.end()) return std::nullopt;
    return it->second;
}

bool validOp(Field f, Op op) {
    switch (f) {
    case Field::Name:
    case Field::Notes:
    case Field::Details:
        return op == Op::Like || op == Op::Equal || op == Op::IsNull;
    case Field::Amount:
        return op == Op::Gt || op == Op::Ge || op == Op::Lt || op == Op::Le || op == Op::Equal ||
               op == Op::Ne;
    case Field::Compound:
        return op == Op::And || op == Op::Or;
    default:
        return op == Op::Equal || op == Op::IsNull;
    }
}

Condition compileCondition(const Value& o, const FamilyRefs& refs, int& nameSlots, bool nested) {
    Condition c;
    auto field = fieldOf(str(o, "condition_type"));
    auto op = opOf(str(o, "operator"));
    // A stored condition outside the vocabulary cannot be evaluated: it matches nothing.
    if (!field || !op || !validOp(*field, *op) || (nested && *field == Field::Compound)) {
        c.never = true;
        return c;
    }
    c.field = *field;
    c.op = *op;
    const std::string value = str(o, "value");
    switch (c.field) {
    case Field::Compound: {
        const Value* subs = o.find("sub_conditions", Value::Kind::Array);
        if (!subs || subs->items().empty()) {
            c.always = true; // docs/rules.md §3.4: a stored empty compound matches everything
            break;
        }
        for (const Value& sub : subs->items()) {
            if (!sub.isObject()) {
                Condition bad;
                bad.never = true;
                c.subs.push_back(bad);
                continue;
            }
            c.subs.push_back(compileCondition(sub, refs, nameSlots, true));
        }
        break;
    }
    case Field::Name:
    case Field::Notes:
    case Field::Details:
        if (c.op == Op::IsNull) break;
        c.text = normalizeText(value);
        if (c.op == Op::Like) c.text = foldCase(c.text);
        if (c.field == Field::Name) c.nameSlot = nameSlots++;
        break;
    case Field::Amount:
        if (auto d = domain::Decimal::parse(value))
            c.amount = d->raw();
        else
            c.never = true; // R5
        break;
    case Field::Type:
        if (c.op == Op::IsNull) {
            c.always = true;
            break;
        }
        c.text = value;
        c.never = value != "income" && value != "expense" && value != "transfer"; // R5
        break;
    case Field::Category:
    case Field::Merchant:
    case Field::Tag:
    case Field::Account: {
        if (c.op == Op::IsNull) {
            c.never = c.field == Field::Account; // every transaction has an account
            break;
        }
        c.text = value;
        const auto& table = c.field == Field::Category   ? refs.categories
                            : c.field == Field::Merchant ? refs.merchants
                                                         : refs.tags;
        const bool known =
            c.field == Field::Account ? refs.accounts.count(value) > 0 : table.count(value) > 0;
        c.never = !known; // R12: a foreign or deleted record is no record
        break;
    }
    }
    return c;
}

Action compileAction(const Value& o, const FamilyRefs& refs) {
    static const std::unordered_map<std::string, ActionType> kTypes = {
        {"set_transaction_category", ActionType::Category},
        {"set_transaction_merchant", ActionType::Merchant},
        {"set_transaction_tags", ActionType::Tags},
        {"set_transaction_name", ActionType::Name},
        {"exclude_transaction", ActionType::Exclude},
        {"set_investment_activity_label", ActionType::Label},
        {"set_as_transfer_or_payment", ActionType::Transfer},
        {"auto_categorize", ActionType::AutoCategory},
        {"auto_detect_merchants", ActionType::AutoMerchant},
        {"send_email_notification", ActionType::Email}};
    Action a;
    auto it = kTypes.find(str(o, "action_type"));
    if (it == kTypes.end()) {
        a.inert = true;
        return a;
    }
    a.type = it->second;
    a.value = str(o, "value");
    switch (a.type) {
    case ActionType::Category:
        a.inert = !refs.categories.count(a.value);
        break;
    case ActionType::Merchant:
        a.inert = !refs.merchants.count(a.value);
        break;
    case ActionType::Tags:
        // Only the family's tags are added; the others name nothing (docs/decisions.md D106).
        for (auto& t : strings(o, "value"))
            if (refs.tags.count(t) && std::find(a.tags.begin(), a.tags.end(), t) == a.tags.end())
                a.tags.push_back(t);
        a.inert = a.tags.empty();
        break;
    case ActionType::Name:
        a.inert = normalizeText(a.value).empty();
        break;
    case ActionType::Label:
        a.inert = !isActivityLabel(a.value);
        break;
    case ActionType::Transfer:
        a.inert = !refs.accounts.count(a.value);
        break;
    case ActionType::Email:
        a.inert = true;
        break;
    default:
        break;
    }
    return a;
}

} // namespace

bool FamilyRefs::inScope(const std::string& accountId) const {
    auto it = accounts.find(accountId);
    return it != accounts.end() && (it->second.status == "active" || it->second.status == "draft");
}

std::string CompiledRule::label() const {
    if (name && !name->empty()) return *name;
    return id;
}

CompiledRule compileRule(const RuleSource& source, const FamilyRefs& refs, int& nameSlots) {
    CompiledRule rule;
    rule.id = source.id;
    rule.name = source.name;
    rule.effectiveDate = source.effectiveDate;
    const Value conditions = parseList(source.conditions), actions = parseList(source.actions);
    for (const Value& o : conditions.items()) {
        if (!o.isObject()) throw std::runtime_error("a condition is not an object");
        rule.conditions.push_back(compileCondition(o, refs, nameSlots, false));
    }
    for (const Value& o : actions.items()) {
        if (!o.isObject()) throw std::runtime_error("an action is not an object");
        rule.actions.push_back(compileAction(o, refs));
    }
    return rule;
}

bool isActivityLabel(const std::string& label) {
    static const std::unordered_set<std::string> kLabels = {
        "Buy", "Sell",     "Sweep In",     "Sweep Out",  "Dividend", "Reinvestment", "Interest",
        "Fee", "Transfer", "Contribution", "Withdrawal", "Exchange", "Other"};
    return kLabels.count(label) > 0;
}

std::set<std::string> conditionOperators(const std::string& type) {
    if (type == "transaction_name" || type == "transaction_details" || type == "transaction_notes")
        return {"like", "=", "is_null"};
    if (type == "transaction_amount") return {">", ">=", "<", "<=", "=", "!="};
    if (type == "transaction_account" || type == "transaction_category" ||
        type == "transaction_merchant" || type == "transaction_tag" || type == "transaction_type")
        return {"=", "is_null"};
    return {};
}

const char* lockKeyOf(ActionType type) {
    switch (type) {
    case ActionType::Category:
    case ActionType::AutoCategory:
        return "category_id";
    case ActionType::Merchant:
    case ActionType::AutoMerchant:
        return "merchant_id";
    case ActionType::Tags:
        return "tag_ids";
    case ActionType::Name:
        return "name";
    case ActionType::Exclude:
        return "excluded";
    case ActionType::Label:
        return "investment_activity_label";
    default:
        return "";
    }
}

} // namespace finimport::app::rules
