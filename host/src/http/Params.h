#pragma once
// Request parameters as a small JSON-like tree. Numbers keep their exact source text, so
// "49.99" never passes through a double.

#include "domain/Json.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace finimport::http {

// The SDK's JSON tree (finimport/json_value.hpp): the one reader, finimport/json.hpp, builds it
// for request bodies and the host's other JSON alike (docs/decisions.md D180).
using ParamValue = finimport::json::Value;

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
