#include "http/Params.h"

#include <span>

namespace finimport::http {

std::optional<ParamValue> Params::get(std::string_view name) const {
    if (const ParamValue* v = find(name)) return *v;
    return std::nullopt;
}

std::optional<std::string> Params::string(std::string_view name) const {
    const ParamValue* v = find(name);
    if (v == nullptr || !v->isString()) return std::nullopt;
    return v->text();
}

const ParamValue* Params::object(std::string_view name) const {
    const ParamValue* v = find(name);
    return v != nullptr && v->isObject() ? v : nullptr;
}

namespace {

// Splits `head[a][b]` into {"head","a","b"}; a name that is not well-formed stays whole.
std::vector<std::string> splitBracketName(std::string_view name) {
    const std::size_t open = name.find('[');
    if (open == std::string_view::npos || open == 0) return {std::string(name)};
    std::vector<std::string> parts{std::string(name.substr(0, open))};
    std::size_t pos = open;
    while (pos < name.size()) {
        if (name[pos] != '[') return {std::string(name)};
        const std::size_t close = name.find(']', pos + 1);
        if (close == std::string_view::npos) return {std::string(name)};
        parts.emplace_back(name.substr(pos + 1, close - pos - 1));
        pos = close + 1;
    }
    return parts;
}

void assignPath(ParamValue& container, const std::string& key, std::span<const std::string> rest,
                ParamValue value) {
    if (rest.empty()) {
        container.set(key, std::move(value));
        return;
    }
    if (rest.front().empty()) { // `key[]...`: an array
        ParamValue* array = container.find(key);
        if (array == nullptr || !array->isArray()) {
            array = &container.set(key, ParamValue::makeArray());
        }
        if (rest.size() == 1) {
            array->push(std::move(value));
            return;
        }
        // Array of objects: start a new element when the last one already has this field.
        const std::string& field = rest[1];
        ParamValue* last = array->back();
        if (last == nullptr || !last->isObject() || last->find(field) != nullptr) {
            last = &array->push(ParamValue::makeObject());
        }
        assignPath(*last, field, rest.subspan(2), std::move(value));
        return;
    }
    ParamValue* child = container.find(key);
    if (child == nullptr || !child->isObject()) {
        child = &container.set(key, ParamValue::makeObject());
    }
    assignPath(*child, rest.front(), rest.subspan(1), std::move(value));
}

} // namespace

bool Params::assignField(std::string_view name, std::string value, std::size_t maxDepth) {
    const std::vector<std::string> parts = splitBracketName(name);
    if (parts.size() - 1 > maxDepth) return false;
    assignPath(_root, parts.front(), std::span<const std::string>(parts).subspan(1),
               ParamValue::makeString(std::move(value)));
    return true;
}

} // namespace finimport::http
