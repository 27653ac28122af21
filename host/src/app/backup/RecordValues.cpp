#include "app/backup/RecordValues.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <cmath>
#include <cstdio>

namespace finimport::app::backup {

namespace {

// docs/decisions.md D97: Poco::JSON reads numbers into double (`12345678901.23456789` came back as
// `…23456764`). A plain JSON number (no exponent) that is a member of the record's object, or of
// an object directly inside it (a whole line's `data`), is read as the string of its exact text
// instead; the readers below take numbers and strings alike as text, so the value reaches
// Decimal::parse digit for digit. Values deeper down (rule conditions) keep their JSON types.
std::string numbersAsText(const std::string& text) {
    std::string out;
    out.reserve(text.size() + 16);
    std::string containers; // '{' or '[' per open level
    bool inString = false, afterColon = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out.push_back(c);
            if (c == '\\' && i + 1 < text.size())
                out.push_back(text[++i]);
            else if (c == '"')
                inString = false;
            continue;
        }
        const bool member = afterColon && !containers.empty() && containers.size() <= 2 &&
                            containers.back() == '{' &&
                            (containers.size() == 1 || containers.front() == '{');
        if (member && (c == '-' || (c >= '0' && c <= '9'))) {
            std::size_t end = i;
            bool exponent = false;
            while (end < text.size() &&
                   (text[end] == '-' || text[end] == '+' || text[end] == '.' || text[end] == 'e' ||
                    text[end] == 'E' || (text[end] >= '0' && text[end] <= '9'))) {
                exponent = exponent || text[end] == 'e' || text[end] == 'E';
                ++end;
            }
            if (!exponent) out.push_back('"');
            out.append(text, i, end - i);
            if (!exponent) out.push_back('"');
            i = end - 1;
            afterColon = false;
            continue;
        }
        if (c == '"') inString = true;
        if (c == '{' || c == '[') containers.push_back(c);
        if ((c == '}' || c == ']') && !containers.empty()) containers.pop_back();
        if (c == ':')
            afterColon = true;
        else if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            afterColon = false;
        out.push_back(c);
    }
    return out;
}

} // namespace

JsonObject parseJsonObject(const std::string& text) {
    try {
        Poco::JSON::Parser parser;
        auto v = parser.parse(numbersAsText(text));
        if (v.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
        return v.extract<Poco::JSON::Object::Ptr>();
    } catch (const std::exception&) {
        return nullptr;
    }
}

std::string trimText(std::string_view s) {
    auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

bool isBlank(const JsonObject& obj, const std::string& key) {
    if (!obj || !obj->has(key)) return true;
    auto v = obj->get(key);
    if (v.isEmpty()) return true;
    if (v.type() == typeid(bool)) return !v.extract<bool>();
    if (v.isString()) return trimText(v.extract<std::string>()).empty();
    if (v.type() == typeid(Poco::JSON::Array::Ptr))
        return v.extract<Poco::JSON::Array::Ptr>()->size() == 0;
    if (v.type() == typeid(Poco::JSON::Object::Ptr))
        return v.extract<Poco::JSON::Object::Ptr>()->size() == 0;
    return false;
}

std::optional<std::string> textOf(const JsonObject& obj, const std::string& key) {
    if (!obj || !obj->has(key)) return std::nullopt;
    auto v = obj->get(key);
    if (v.isEmpty()) return std::nullopt;
    if (v.isString()) return v.extract<std::string>();
    if (v.type() == typeid(bool)) return std::string(v.extract<bool>() ? "true" : "false");
    if (v.type() == typeid(double)) {
        // A JSON number with a fraction: printed with 8 places, trailing zeros dropped.
        double d = v.extract<double>();
        if (!std::isfinite(d)) return std::nullopt;
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.8f", d);
        std::string text = buffer;
        while (text.back() == '0')
            text.pop_back();
        if (text.back() == '.') text.pop_back();
        return text;
    }
    if (v.isNumeric()) return v.convert<std::string>();
    if (v.type() == typeid(Poco::JSON::Array::Ptr) || v.type() == typeid(Poco::JSON::Object::Ptr))
        return std::nullopt;
    return v.convert<std::string>();
}

std::optional<std::string> presentText(const JsonObject& obj, const std::string& key) {
    auto t = textOf(obj, key);
    if (!t) return std::nullopt;
    std::string trimmed = trimText(*t);
    if (trimmed.empty()) return std::nullopt;
    return trimmed;
}

std::optional<domain::Decimal> decimalOf(const JsonObject& obj, const std::string& key) {
    auto t = presentText(obj, key);
    if (!t) return std::nullopt;
    return domain::Decimal::parse(*t);
}

std::optional<domain::Date> dateOf(const JsonObject& obj, const std::string& key) {
    auto t = presentText(obj, key);
    if (!t) return std::nullopt;
    return domain::Date::parseIso(*t);
}

std::optional<domain::Date> lenientDateOf(const JsonObject& obj, const std::string& key) {
    auto t = presentText(obj, key);
    if (!t) return std::nullopt;
    if (t->size() > 10 && ((*t)[10] == 'T' || (*t)[10] == ' ')) t->resize(10);
    return domain::Date::parseIso(*t);
}

bool truthyOf(const JsonObject& obj, const std::string& key) {
    auto t = textOf(obj, key);
    return t && (*t == "true" || *t == "1" || *t == "t" || *t == "yes");
}

std::optional<int64_t> integerOf(const JsonObject& obj, const std::string& key) {
    auto t = presentText(obj, key);
    if (!t) return std::nullopt;
    auto d = domain::Decimal::parse(*t);
    if (!d || d->raw() % domain::Decimal::kScale != 0) return std::nullopt;
    return d->raw() / domain::Decimal::kScale;
}

std::string decimalText(int64_t raw) {
    return domain::Decimal::fromRaw(raw).toString(1);
}

} // namespace finimport::app::backup
