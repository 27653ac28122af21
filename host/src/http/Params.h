#pragma once
// Request parameters as a small JSON-like tree. Numbers keep their exact source text, so
// "49.99" never passes through a double.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace finimport::http {

class ParamValue {
public:
    enum class Kind { Null, String, Number, Bool, Array, Object };

    ParamValue() = default; // Null
    static ParamValue makeString(std::string text);
    static ParamValue makeNumber(std::string exactText);
    static ParamValue makeBool(bool value);
    static ParamValue makeArray();
    static ParamValue makeObject();

    Kind kind() const { return _kind; }
    bool isNull() const { return _kind == Kind::Null; }
    bool isString() const { return _kind == Kind::String; }
    bool isNumber() const { return _kind == Kind::Number; }
    bool isBool() const { return _kind == Kind::Bool; }
    bool isArray() const { return _kind == Kind::Array; }
    bool isObject() const { return _kind == Kind::Object; }
    // Scalars as text: the string, the exact number text, "true"/"false"; "" for the rest.
    const std::string& text() const { return _text; }
    // Moves the scalar text out (the request is being handed on, e.g. raw_file_content).
    std::string takeText() { return std::move(_text); }

    // Array elements, or object member values (parallel to keys()).
    const std::vector<ParamValue>& items() const { return _items; }
    std::vector<ParamValue>& items() { return _items; }
    // Object member names in insertion order; empty for arrays.
    const std::vector<std::string>& keys() const { return _keys; }
    // Object member, or nullptr (also for non-objects).
    const ParamValue* find(std::string_view key) const;
    ParamValue* find(std::string_view key);

    // Object: replaces an existing member in place (keeping its position) or appends.
    ParamValue& set(std::string key, ParamValue value);
    // Array: appends.
    ParamValue& push(ParamValue value);
    // Last array element (or member value), or nullptr when empty.
    ParamValue* back();

private:
    // Objects with more than kIndexFrom members find keys by hash: a body of 80k keys costs
    // linear time, not 80k² comparisons.
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
    std::vector<ParamValue> _items;
    std::unordered_map<std::string, std::size_t, KeyHash, std::equal_to<>> _index;
};

// The top-level parameter object of a request body.
class Params {
public:
    Params() : _root(ParamValue::makeObject()) {}
    explicit Params(ParamValue root) : _root(std::move(root)) {}

    const ParamValue& root() const { return _root; }
    ParamValue& root() { return _root; }
    bool has(std::string_view name) const { return _root.find(name) != nullptr; }
    bool empty() const { return _root.items().empty(); }
    const ParamValue* find(std::string_view name) const { return _root.find(name); }
    std::optional<ParamValue> get(std::string_view name) const;
    // The value when it is a JSON/form string; nullopt for absent or other kinds.
    std::optional<std::string> string(std::string_view name) const;
    // The member when it is an object (e.g. `recurring_transaction`), else nullptr.
    const ParamValue* object(std::string_view name) const;

    // Stores a form field, expanding Rack-style bracket names:
    // `a[b][c]=v` -> {"a":{"b":{"c":"v"}}}, `a[]=v` -> {"a":["v"]},
    // `a[][x]=1&a[][x]=2` -> {"a":[{"x":"1"},{"x":"2"}]}. A later value wins on a clash.
    // Returns false when the name nests deeper than `maxDepth` brackets.
    bool assignField(std::string_view name, std::string value, std::size_t maxDepth = 32);

private:
    ParamValue _root;
};

} // namespace finimport::http
