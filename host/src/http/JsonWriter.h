#pragma once
// A small streaming JSON writer: keys stay in insertion order, integers and decimal text are
// written exactly (no double anywhere), strings are escaped per RFC 8259.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::json {
class Value;
}

namespace finimport::http {

using ParamValue = finimport::json::Value;

class JsonWriter {
public:
    JsonWriter& beginObject() { return open('{'); }
    JsonWriter& endObject() { return close('}'); }
    JsonWriter& beginArray() { return open('['); }
    JsonWriter& endArray() { return close(']'); }
    // Names the next value inside an object.
    JsonWriter& key(std::string_view name);

    JsonWriter& string(std::string_view text);
    JsonWriter& integer(int64_t value);
    // `text` must already be a valid JSON number (e.g. an exact decimal "49.99").
    JsonWriter& number(std::string_view text);
    JsonWriter& boolean(bool value);
    JsonWriter& null();
    // Inserts pre-rendered JSON (e.g. from another writer) as one value.
    JsonWriter& raw(std::string_view json);
    JsonWriter& value(const ParamValue& value);

    const std::string& str() const { return _out; }
    std::string take() { return std::move(_out); }

    // `text` as a quoted JSON string literal. Invalid UTF-8 bytes become U+FFFD so the
    // output is always valid JSON.
    static std::string quote(std::string_view text);
    static void appendQuoted(std::string& out, std::string_view text);

private:
    void beforeValue();
    JsonWriter& open(char bracket);
    JsonWriter& close(char bracket);

    std::string _out;
    // One entry per open container: true once it holds an element (a comma is due).
    std::vector<bool> _hasElement;
    bool _afterKey = false;
};

} // namespace finimport::http
