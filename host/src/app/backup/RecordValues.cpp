#include "app/backup/RecordValues.h"

#include "domain/Json.h"

namespace finimport::app::backup {

JsonObject parseJsonObject(std::string_view text) {
    auto parsed = json::parse(text, kMaxJsonDepth);
    if (!parsed.value || !parsed.value->isObject()) return nullptr;
    return std::make_shared<const JsonValue>(std::move(*parsed.value));
}

JsonObject objectOf(const JsonObject& obj, std::string_view key) {
    const JsonValue* v = obj ? obj->find(key, JsonValue::Kind::Object) : nullptr;
    return v ? JsonObject(obj, v) : nullptr;
}

JsonObject arrayOf(const JsonObject& obj, std::string_view key) {
    const JsonValue* v = obj ? obj->find(key, JsonValue::Kind::Array) : nullptr;
    return v ? JsonObject(obj, v) : nullptr;
}

JsonObject elementOf(const JsonObject& array, std::size_t i) {
    if (!array || i >= array->items().size() || !array->items()[i].isObject()) return nullptr;
    return JsonObject(array, &array->items()[i]);
}

std::size_t sizeOf(const JsonObject& array) {
    return array ? array->items().size() : 0;
}

bool has(const JsonObject& obj, std::string_view key) {
    return obj && obj->find(key) != nullptr;
}

std::string trimText(std::string_view s) {
    auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

std::optional<std::string> scalarText(const JsonValue& v) {
    switch (v.kind()) {
    case JsonValue::Kind::String:
    case JsonValue::Kind::Bool:
        return v.text();
    case JsonValue::Kind::Number:
        return json::plainNumber(v.text());
    default:
        return std::nullopt;
    }
}

bool isBlank(const JsonObject& obj, const std::string& key) {
    const JsonValue* v = obj ? obj->find(key) : nullptr;
    if (v == nullptr || v->isNull()) return true;
    if (v->isBool()) return v->text() == "false";
    if (v->isString()) return trimText(v->text()).empty();
    if (v->isArray() || v->isObject()) return v->items().empty();
    return false;
}

std::optional<std::string> textOf(const JsonObject& obj, const std::string& key) {
    const JsonValue* v = obj ? obj->find(key) : nullptr;
    return v ? scalarText(*v) : std::nullopt;
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
