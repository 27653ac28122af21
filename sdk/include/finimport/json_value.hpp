// finimport/json_value.hpp: the tree finimport/json.hpp reads JSON into. A number keeps its
// exact source text (`12345678901.23456789` stays those 20 digits until the caller parses it,
// e.g. with sdk::parseDecimal), so no value passes through a double.
#ifndef FINIMPORT_JSON_VALUE_HPP
#define FINIMPORT_JSON_VALUE_HPP

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace finimport::json {

class Value {
public:
    enum class Kind { Null, String, Number, Bool, Array, Object };

    Value() = default; // null
    static Value makeString(std::string text) { return Value(Kind::String, std::move(text)); }
    // `exactText` as written in the JSON text (RFC 8259 number grammar).
    static Value makeNumber(std::string exactText) {
        return Value(Kind::Number, std::move(exactText));
    }
    static Value makeBool(bool value) { return Value(Kind::Bool, value ? "true" : "false"); }
    static Value makeArray() { return Value(Kind::Array, {}); }
    static Value makeObject() { return Value(Kind::Object, {}); }

    Kind kind() const { return _kind; }
    bool isNull() const { return _kind == Kind::Null; }
    bool isString() const { return _kind == Kind::String; }
    bool isNumber() const { return _kind == Kind::Number; }
    bool isBool() const { return _kind == Kind::Bool; }
    bool isArray() const { return _kind == Kind::Array; }
    bool isObject() const { return _kind == Kind::Object; }
    // Scalars as text: the string, the exact number text, "true"/"false"; "" for the rest.
    const std::string& text() const { return _text; }
    // Moves the scalar text out (a large string handed on without a copy).
    std::string takeText() { return std::move(_text); }

    // Array elements, or object member values (parallel to keys()).
    const std::vector<Value>& items() const { return _items; }
    std::vector<Value>& items() { return _items; }
    // Object member names in insertion order; empty for arrays.
    const std::vector<std::string>& keys() const { return _keys; }

    // Object member, or nullptr (also for non-objects).
    const Value* find(std::string_view key) const {
        if (_kind != Kind::Object) return nullptr;
        if (!_index.empty()) {
            auto it = _index.find(key);
            return it == _index.end() ? nullptr : &_items[it->second];
        }
        for (std::size_t i = 0; i < _keys.size(); ++i)
            if (_keys[i] == key) return &_items[i];
        return nullptr;
    }
    Value* find(std::string_view key) {
        return const_cast<Value*>(static_cast<const Value*>(this)->find(key));
    }
    // The member when it is of `kind`, else nullptr.
    const Value* find(std::string_view key, Kind kind) const {
        const Value* v = find(key);
        return v != nullptr && v->_kind == kind ? v : nullptr;
    }

    // Object: replaces an existing member in place (keeping its position; a repeated key in a
    // JSON text: the last one wins) or appends.
    Value& set(std::string key, Value value) {
        if (Value* existing = find(key)) {
            *existing = std::move(value);
            return *existing;
        }
        _keys.push_back(std::move(key));
        _items.push_back(std::move(value));
        if (!_index.empty()) {
            _index.emplace(_keys.back(), _keys.size() - 1);
        } else if (_keys.size() > kIndexFrom) {
            for (std::size_t i = 0; i < _keys.size(); ++i)
                _index.emplace(_keys[i], i);
        }
        return _items.back();
    }
    // Array: appends.
    Value& push(Value value) {
        _items.push_back(std::move(value));
        return _items.back();
    }
    // Last array element (or member value), or nullptr when empty.
    Value* back() { return _items.empty() ? nullptr : &_items.back(); }

private:
    Value(Kind kind, std::string text) : _kind(kind), _text(std::move(text)) {}

    // Objects with more than kIndexFrom members find keys by hash: 80k keys cost linear time,
    // not 80k² comparisons.
    static constexpr std::size_t kIndexFrom = 8;
    struct KeyHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };

    Kind _kind = Kind::Null;
    std::string _text;
    std::vector<std::string> _keys;
    std::vector<Value> _items;
    std::unordered_map<std::string, std::size_t, KeyHash, std::equal_to<>> _index;
};

} // namespace finimport::json

#endif
