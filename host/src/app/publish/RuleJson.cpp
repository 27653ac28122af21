#include "app/publish/RuleJson.h"
#include "app/rules/RuleModel.h"

#include "domain/Json.h"
#include "domain/Utf8.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace finimport::app {

namespace {

using json::Value;

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Literal `\uXXXX` sequences (surrogate pairs joined) → UTF-8.
std::string decodeUnicodeEscapes(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        uint32_t cp = 0;
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == 'u' && domain::readHex4(s, i + 2, cp)) {
            i += 5;
            uint32_t low = 0;
            if (cp >= 0xD800 && cp <= 0xDBFF && i + 2 < s.size() && s[i + 1] == '\\' &&
                s[i + 2] == 'u' && domain::readHex4(s, i + 3, low) && low >= 0xDC00 &&
                low <= 0xDFFF) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                i += 6;
            }
            domain::appendUtf8(out, cp);
            continue;
        }
        out += s[i];
    }
    return out;
}

std::string replaceAll(std::string s, const std::string& from, const std::string& to) {
    for (size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
    return s;
}

std::string fixString(const std::string& s, bool controls) {
    std::string out = replaceAll(decodeUnicodeEscapes(s), "\\\"", "\"");
    if (controls) {
        out = replaceAll(out, "\\n", "\n");
        out = replaceAll(out, "\\r", "\r");
        out = replaceAll(out, "\\t", "\t");
    }
    return out;
}

// A copy of `v` with every string value fixed (keys keep their order).
Value fixStrings(const Value& v, bool controls) {
    if (v.isObject()) {
        Value out = Value::makeObject();
        for (size_t i = 0; i < v.keys().size(); ++i)
            out.set(v.keys()[i], fixStrings(v.items()[i], controls));
        return out;
    }
    if (v.isArray()) {
        Value out = Value::makeArray();
        for (const Value& item : v.items())
            out.push(fixStrings(item, controls));
        return out;
    }
    if (v.isString()) return Value::makeString(fixString(v.text(), controls));
    return v;
}

// The one JSON reader (docs/decisions.md D180): a number operand keeps its exact text.
json::Parsed parse(const std::string& text) {
    return json::parse(text, 256);
}

// The legacy repair of exports whose quotes were escaped once too often (or not at all).
std::string repaired(std::string s) {
    s = trim(s);
    while (!s.empty() && (s.front() == '"' || s.front() == '\''))
        s.erase(0, 1);
    while (!s.empty() && (s.back() == '"' || s.back() == '\''))
        s.pop_back();
    for (std::string before; before != s;) {
        before = s;
        std::string out;
        for (size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '\\') {
                size_t j = i;
                while (j < s.size() && s[j] == '\\')
                    ++j;
                if (j < s.size() && s[j] == '"') { // backslash run before a quote → the quote
                    i = j - 1;
                    continue;
                }
                if (j - i >= 2) { // a double backslash → one
                    out += '\\';
                    i += 1;
                    continue;
                }
            }
            out += s[i];
        }
        s = out;
    }
    return decodeUnicodeEscapes(s);
}

Value asArray(Value v) {
    if (v.isArray()) return v;
    if (v.isObject()) {
        Value a = Value::makeArray();
        a.push(std::move(v));
        return a;
    }
    throw std::runtime_error("Invalid JSON in conditions or actions: expected an array");
}

} // namespace

Value decodeRuleJson(const std::string& text) {
    const std::string t = trim(text);
    if (t.empty()) return Value::makeArray();
    if (auto first = parse(t); first.value) {
        std::optional<Value> v = std::move(first.value);
        if (v->isString()) {
            std::string inner = trim(v->text());
            if (!inner.empty() && (inner.front() == '[' || inner.front() == '{'))
                v = parse(inner).value;
        }
        if (v) return asArray(fixStrings(*v, false));
    }
    // The legacy repair.
    auto second = parse(repaired(t));
    if (!second.value)
        throw std::runtime_error("Invalid JSON in conditions or actions: " + second.error);
    return asArray(fixStrings(*second.value, true));
}

namespace {

const std::set<std::string> kActionTypes = {
    "auto_categorize",          "auto_detect_merchants",      "exclude_transaction",
    "send_email_notification",  "set_as_transfer_or_payment", "set_investment_activity_label",
    "set_transaction_category", "set_transaction_merchant",   "set_transaction_name",
    "set_transaction_tags"};

std::string text(const Value& o, const std::string& key) {
    const Value* v = o.find(key);
    return v != nullptr && (v->isString() || v->isNumber() || v->isBool()) ? v->text() : "";
}

bool blankValue(const Value& o) {
    const Value* v = o.find("value");
    return v == nullptr || v->isNull() || (v->isString() && trim(v->text()).empty());
}

void checkCondition(const Value& c, bool nested) {
    if (!c.isObject()) throw std::runtime_error("Each condition must be an object");
    const std::string type = text(c, "condition_type"), op = text(c, "operator");
    if (type == "compound") {
        if (nested) throw std::runtime_error("Compound conditions cannot be nested");
        if (op != "and" && op != "or")
            throw std::runtime_error("Operator \"" + op +
                                     "\" is not valid for compound conditions");
        const Value* subs = c.find("sub_conditions", Value::Kind::Array);
        if (!subs || subs->items().empty())
            throw std::runtime_error("Compound condition must have sub_conditions");
        for (const Value& sub : subs->items())
            checkCondition(sub, true);
        return;
    }
    const std::set<std::string> ops = rules::conditionOperators(type);
    if (ops.empty()) throw std::runtime_error("Unsupported condition type: " + type);
    if (!ops.count(op))
        throw std::runtime_error("Operator \"" + op + "\" is not valid for " + type);
    if (op != "is_null" && blankValue(c))
        throw std::runtime_error("Condition " + type + " must have a value");
}

} // namespace

void checkConditions(const Value& conditions) {
    for (const Value& c : conditions.items())
        checkCondition(c, false);
}

void checkActions(const Value& actions) {
    if (actions.items().empty()) throw std::runtime_error("Rule must have at least one action");
    std::set<std::string> seen;
    for (const Value& v : actions.items()) {
        if (!v.isObject()) throw std::runtime_error("Each action must be an object");
        std::string type = text(v, "action_type");
        if (!kActionTypes.count(type)) throw std::runtime_error("Unsupported action type: " + type);
        if (!seen.insert(type).second)
            throw std::runtime_error("Action " + type + " appears more than once");
    }
}

} // namespace finimport::app
