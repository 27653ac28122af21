// finimport/json.hpp: a strict RFC 8259 JSON reader that keeps every number as its exact text
// (json::Value, finimport/json_value.hpp), and a writer for the same tree. The finimport host
// reads all its JSON with it (request bodies, backup lines, stored rules) and so does the NDJSON
// plugin: one number model, no double anywhere between the text and the decimal parse.
//
//   auto parsed = finimport::json::parse(R"({"amount":12345678901.23456789})");
//   parsed.value->find("amount")->text();  // "12345678901.23456789", kind Number
//
// json::Reader<Sink> (finimport/json_reader.hpp) is the reader itself: it sends events to a sink
// (TreeBuilder builds a Value; a plugin may keep only what it needs, e.g. the raw text of each
// top-level member).
#ifndef FINIMPORT_JSON_HPP
#define FINIMPORT_JSON_HPP

#include "finimport/json_reader.hpp"
#include "finimport/json_value.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::json {

// The sink that builds a Value tree; at most `maxValues` values (each scalar, array and
// object counts one), so a huge `[0,0,…]` is refused before it costs its nodes.
class TreeBuilder {
public:
    explicit TreeBuilder(std::size_t maxValues = SIZE_MAX) : _maxValues(maxValues) {}

    bool scalar(Value&& v, std::string_view) { return add(std::move(v)) != nullptr; }
    bool beginObject() { return open(Value::makeObject()); }
    bool beginArray() { return open(Value::makeArray()); }
    bool key(std::string&& name) {
        _key = std::move(name);
        return true;
    }
    bool endObject(std::string_view) { return close(); }
    bool endArray(std::string_view) { return close(); }

    bool tooManyValues() const { return _tooMany; }
    Value take() { return std::move(_root); }

private:
    Value* add(Value&& v) {
        if (++_values > _maxValues) {
            _tooMany = true;
            return nullptr;
        }
        if (_open.empty()) return &(_root = std::move(v));
        Value& parent = *_open.back();
        return parent.isObject() ? &parent.set(std::move(_key), std::move(v))
                                 : &parent.push(std::move(v));
    }
    // A container's parent is not changed while the container is open, so the pointer stays.
    bool open(Value&& container) {
        Value* v = add(std::move(container));
        if (v == nullptr) return false;
        _open.push_back(v);
        return true;
    }
    bool close() {
        _open.pop_back();
        return true;
    }

    std::size_t _maxValues, _values = 0;
    bool _tooMany = false;
    Value _root;
    std::string _key;
    std::vector<Value*> _open;
};

struct Parsed {
    std::optional<Value> value; // nullopt when the text is not one JSON value
    std::string error;          // why, and at which column
};

// One JSON value (surrounding whitespace allowed) as a tree.
inline Parsed parse(std::string_view text, std::size_t maxDepth = 64) {
    TreeBuilder builder;
    Reader<TreeBuilder> reader(text, builder, maxDepth);
    Parsed out;
    if (reader.document())
        out.value = builder.take();
    else
        out.error = reader.error();
    return out;
}

// Appends `text` as a JSON string: `"` and `\` escaped, control characters as \n, \t, … or
// \u00XX; everything else (UTF-8 included) as is.
inline void appendQuoted(std::string& out, std::string_view text) {
    out += '"';
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                constexpr char kHex[] = "0123456789abcdef";
                out += "\\u00";
                out += kHex[(c >> 4) & 0xF];
                out += kHex[c & 0xF];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

// Appends `v` as compact JSON; numbers as their exact text, members in their order.
inline void write(std::string& out, const Value& v) {
    switch (v.kind()) {
    case Value::Kind::Null:
        out += "null";
        return;
    case Value::Kind::Bool:
    case Value::Kind::Number:
        out += v.text();
        return;
    case Value::Kind::String:
        appendQuoted(out, v.text());
        return;
    case Value::Kind::Array:
    case Value::Kind::Object:
        break;
    }
    const bool object = v.isObject();
    out += object ? '{' : '[';
    for (std::size_t i = 0; i < v.items().size(); ++i) {
        if (i > 0) out += ',';
        if (object) {
            appendQuoted(out, v.keys()[i]);
            out += ':';
        }
        write(out, v.items()[i]);
    }
    out += object ? '}' : ']';
}

inline std::string write(const Value& v) {
    std::string out;
    write(out, v);
    return out;
}

} // namespace finimport::json

#endif
