#include "plugin/ManifestJson.h"

namespace finimport::plugin::manifest_json {

[[noreturn]] void fail(std::string message) {
    throw InvalidManifest{std::move(message)};
}

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

bool isObject(const Var& v) {
    return v.type() == typeid(Object::Ptr);
}
bool isArray(const Var& v) {
    return v.type() == typeid(Array::Ptr);
}

// Reads `key` as an array of strings; absent → `fallback` unless `required`.
std::vector<std::string> stringArray(const Object& object, const std::string& key,
                                     const std::string& where, bool required) {
    if (!object.has(key)) {
        if (required) fail(where + quoted(key) + " is required");
        return {};
    }
    const Var value = object.get(key);
    if (!isArray(value)) fail(where + quoted(key) + " must be an array of strings");
    std::vector<std::string> items;
    const Array::Ptr array = value.extract<Array::Ptr>();
    for (size_t i = 0; i < array->size(); ++i) {
        const Var item = array->get(static_cast<unsigned>(i));
        if (!item.isString() || item.extract<std::string>().empty()) {
            fail(where + quoted(key) + "[" + std::to_string(i) + "] must be a non-empty string");
        }
        items.push_back(item.extract<std::string>());
    }
    return items;
}

std::vector<std::pair<std::string, std::string>>
stringObject(const Object& object, const std::string& key, const std::string& where) {
    std::vector<std::pair<std::string, std::string>> pairs;
    if (!object.has(key)) return pairs;
    const Var value = object.get(key);
    if (!isObject(value)) fail(where + quoted(key) + " must be an object of strings");
    for (const auto& [name, text] : *value.extract<Object::Ptr>()) {
        if (!text.isString()) fail(where + quoted(key) + "." + name + " must be a string");
        pairs.emplace_back(name, text.extract<std::string>());
    }
    return pairs;
}

// An optional non-empty string member; absent → "".
std::string optionalText(const Object& object, const std::string& key) {
    if (!object.has(key)) return "";
    const Var value = object.get(key);
    if (!value.isString() || value.extract<std::string>().empty())
        fail(quoted(key) + " must be a non-empty string");
    return value.extract<std::string>();
}

void rejectUnknownKeys(const Object& object, const std::set<std::string>& known,
                       const std::string& where) {
    for (const auto& [key, value] : object) {
        if (!known.count(key)) fail(where + "unknown key " + quoted(key));
    }
}

void rejectDuplicates(const std::vector<std::string>& items, const std::string& what) {
    std::set<std::string> seen;
    for (const auto& item : items) {
        if (!seen.insert(item).second) fail(what + " lists " + quoted(item) + " twice");
    }
}

std::optional<int64_t> optionalInteger(const Object& object, const std::string& key,
                                       const std::string& where) {
    if (!object.has(key)) return std::nullopt;
    const Var value = object.get(key);
    if (!value.isInteger() || value.isBoolean()) fail(where + quoted(key) + " must be an integer");
    return value.convert<int64_t>();
}

std::optional<std::string> optionalString(const Object& object, const std::string& key,
                                          const std::string& where) {
    if (!object.has(key)) return std::nullopt;
    const Var value = object.get(key);
    if (!value.isString() || value.extract<std::string>().empty())
        fail(where + quoted(key) + " must be a non-empty string");
    return value.extract<std::string>();
}

bool optionalBool(const Object& object, const std::string& key, const std::string& where) {
    if (!object.has(key)) return false;
    if (!object.get(key).isBoolean()) fail(where + quoted(key) + " must be a boolean");
    return object.get(key).extract<bool>();
}

void requireAllIn(const std::vector<std::string>& items, const std::set<std::string>& allowed,
                  const std::string& what) {
    for (const auto& item : items)
        if (!allowed.count(item)) fail(what + ": " + quoted(item) + " is not a known value");
}

} // namespace finimport::plugin::manifest_json
