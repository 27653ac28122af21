#include "JsonScan.h"

#include <finimport/json.hpp>

namespace finimport::ndjson {

namespace {

constexpr std::size_t kMaxDepth = 256; // deeper input is refused instead of exhausting the stack

// Keeps the top-level value's kind and, when it is an object, each member's key, raw text and
// (for strings) decoded text; deeper values are only checked by the reader.
class MemberSink {
public:
    explicit MemberSink(JsonScan& out) : _out(out) {}

    bool scalar(json::Value&& v, std::string_view raw) {
        const JsonKind kind =
            v.isBool() ? (v.text() == "true" ? JsonKind::True : JsonKind::False) : kindOf(v.kind());
        if (_depth == 0) _out.kind = kind;
        if (_depth == 1 && _inObject) {
            JsonMember m;
            m.key = std::move(_key);
            m.raw = raw;
            m.kind = kind;
            if (v.isString()) m.text = v.takeText();
            _out.members.push_back(std::move(m));
        }
        return true;
    }
    bool beginObject() { return begin(JsonKind::Object); }
    bool beginArray() { return begin(JsonKind::Array); }
    bool key(std::string&& name) {
        if (_depth == 1 && _inObject) _key = std::move(name);
        return true;
    }
    bool endObject(std::string_view raw) { return end(raw); }
    bool endArray(std::string_view raw) { return end(raw); }

private:
    static JsonKind kindOf(json::Value::Kind k) {
        switch (k) {
        case json::Value::Kind::Object:
            return JsonKind::Object;
        case json::Value::Kind::Array:
            return JsonKind::Array;
        case json::Value::Kind::String:
            return JsonKind::String;
        case json::Value::Kind::Number:
            return JsonKind::Number;
        case json::Value::Kind::Bool:
            return JsonKind::True;
        case json::Value::Kind::Null:
            break;
        }
        return JsonKind::Null;
    }
    bool begin(JsonKind kind) {
        if (_depth == 0) {
            _out.kind = kind;
            _inObject = kind == JsonKind::Object;
        }
        if (_depth == 1 && _inObject) _kinds.push_back(kind);
        ++_depth;
        return true;
    }
    bool end(std::string_view raw) {
        --_depth;
        if (_depth == 1 && _inObject) {
            JsonMember m;
            m.key = std::move(_key);
            m.raw = raw;
            m.kind = _kinds.back();
            _kinds.pop_back();
            _out.members.push_back(std::move(m));
        }
        return true;
    }

    JsonScan& _out;
    std::size_t _depth = 0;
    bool _inObject = false;
    std::string _key;
    std::vector<JsonKind> _kinds;
};

} // namespace

const JsonMember* JsonScan::find(std::string_view key) const {
    for (auto it = members.rbegin(); it != members.rend(); ++it)
        if (it->key == key) return &*it;
    return nullptr;
}

JsonScan scanJson(std::string_view text) {
    JsonScan out;
    MemberSink sink(out);
    json::Reader<MemberSink> reader(text, sink, kMaxDepth);
    if (!reader.document()) {
        out.error = reader.error();
        out.members.clear();
        return out;
    }
    out.ok = true;
    if (out.kind != JsonKind::Object) out.members.clear();
    return out;
}

} // namespace finimport::ndjson
