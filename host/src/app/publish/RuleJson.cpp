#include "app/publish/RuleJson.h"

#include "domain/Utf8.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/JSONException.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace finimport::app {

namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

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
Var fixStrings(const Var& v, bool controls) {
    if (v.type() == typeid(Object::Ptr)) {
        auto in = v.extract<Object::Ptr>();
        Object::Ptr out = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
        for (const auto& key : in->getNames())
            out->set(key, fixStrings(in->get(key), controls));
        return out;
    }
    if (v.type() == typeid(Array::Ptr)) {
        auto in = v.extract<Array::Ptr>();
        Array::Ptr out = new Array;
        for (size_t i = 0; i < in->size(); ++i)
            out->add(fixStrings(in->get(unsigned(i)), controls));
        return out;
    }
    if (v.isString()) return fixString(v.convert<std::string>(), controls);
    return v;
}

Var parse(const std::string& text) {
    Poco::JSON::Parser parser(new Poco::JSON::ParseHandler(true));
    return parser.parse(text);
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

Var asArray(const Var& v) {
    if (v.type() == typeid(Array::Ptr)) return v;
    if (v.type() == typeid(Object::Ptr)) {
        Array::Ptr a = new Array;
        a->add(v);
        return a;
    }
    throw std::runtime_error("Invalid JSON in conditions or actions: expected an array");
}

} // namespace

Var decodeRuleJson(const std::string& text) {
    const std::string t = trim(text);
    if (t.empty()) return Array::Ptr(new Array);
    try {
        Var v = parse(t);
        if (v.isString()) {
            std::string inner = trim(v.convert<std::string>());
            if (!inner.empty() && (inner.front() == '[' || inner.front() == '{')) v = parse(inner);
        }
        return asArray(fixStrings(v, false));
    } catch (const Poco::Exception&) {
        // fall through to the legacy repair
    }
    try {
        return asArray(fixStrings(parse(repaired(t)), true));
    } catch (const Poco::Exception& e) {
        throw std::runtime_error("Invalid JSON in conditions or actions: " + e.displayText());
    }
}

namespace {

const std::set<std::string> kTextTypes = {"transaction_name", "transaction_details",
                                          "transaction_notes"};
const std::set<std::string> kSelectTypes = {"transaction_account", "transaction_category",
                                            "transaction_merchant", "transaction_tag",
                                            "transaction_type"};
const std::set<std::string> kActionTypes = {
    "auto_categorize",          "auto_detect_merchants",      "exclude_transaction",
    "send_email_notification",  "set_as_transfer_or_payment", "set_investment_activity_label",
    "set_transaction_category", "set_transaction_merchant",   "set_transaction_name",
    "set_transaction_tags"};

std::string text(const Object::Ptr& o, const std::string& key) {
    if (!o->has(key) || o->isNull(key)) return "";
    return o->get(key).convert<std::string>();
}

bool blankValue(const Object::Ptr& o) {
    if (!o->has("value") || o->isNull("value")) return true;
    Var v = o->get("value");
    return v.isString() && trim(v.convert<std::string>()).empty();
}

void checkCondition(const Var& v, bool nested) {
    if (v.type() != typeid(Object::Ptr))
        throw std::runtime_error("Each condition must be an object");
    auto c = v.extract<Object::Ptr>();
    const std::string type = text(c, "condition_type"), op = text(c, "operator");
    if (type == "compound") {
        if (nested) throw std::runtime_error("Compound conditions cannot be nested");
        if (op != "and" && op != "or")
            throw std::runtime_error("Operator \"" + op +
                                     "\" is not valid for compound conditions");
        auto subs = c->getArray("sub_conditions");
        if (!subs || subs->size() == 0)
            throw std::runtime_error("Compound condition must have sub_conditions");
        for (size_t i = 0; i < subs->size(); ++i)
            checkCondition(subs->get(unsigned(i)), true);
        return;
    }
    std::set<std::string> ops;
    if (kTextTypes.count(type))
        ops = {"like", "=", "is_null"};
    else if (type == "transaction_amount")
        ops = {">", ">=", "<", "<=", "=", "!="};
    else if (kSelectTypes.count(type))
        ops = {"=", "is_null"};
    else
        throw std::runtime_error("Unsupported condition type: " + type);
    if (!ops.count(op))
        throw std::runtime_error("Operator \"" + op + "\" is not valid for " + type);
    if (op != "is_null" && blankValue(c))
        throw std::runtime_error("Condition " + type + " must have a value");
}

} // namespace

void checkConditions(const Var& conditions) {
    auto a = conditions.extract<Array::Ptr>();
    for (size_t i = 0; i < a->size(); ++i)
        checkCondition(a->get(unsigned(i)), false);
}

void checkActions(const Var& actions) {
    auto a = actions.extract<Array::Ptr>();
    if (a->size() == 0) throw std::runtime_error("Rule must have at least one action");
    std::set<std::string> seen;
    for (size_t i = 0; i < a->size(); ++i) {
        Var v = a->get(unsigned(i));
        if (v.type() != typeid(Object::Ptr))
            throw std::runtime_error("Each action must be an object");
        std::string type = text(v.extract<Object::Ptr>(), "action_type");
        if (!kActionTypes.count(type)) throw std::runtime_error("Unsupported action type: " + type);
        if (!seen.insert(type).second)
            throw std::runtime_error("Action " + type + " appears more than once");
    }
}

} // namespace finimport::app
