#include "app/backup/ServiceJson.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <cmath>
#include <cstdio>

namespace finimport::app::service {

JsonObject parseJsonObject(const std::string& text) {
    try {
        Poco::JSON::Parser parser;
        auto v = parser.parse(text);
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

} // namespace finimport::app::service
