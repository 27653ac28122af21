#include "http/JsonWriter.h"

#include "domain/Utf8.h"
#include "http/Params.h"

#include <charconv>

namespace finimport::http {

namespace {

void appendEscapedControl(std::string& out, unsigned char c) {
    static const char* hex = "0123456789abcdef";
    switch (c) {
    case '\b':
        out += "\\b";
        return;
    case '\f':
        out += "\\f";
        return;
    case '\n':
        out += "\\n";
        return;
    case '\r':
        out += "\\r";
        return;
    case '\t':
        out += "\\t";
        return;
    default:
        break;
    }
    out += "\\u00";
    out += hex[c >> 4];
    out += hex[c & 0xF];
}

} // namespace

void JsonWriter::appendQuoted(std::string& out, std::string_view text) {
    out += '"';
    std::size_t pos = 0;
    while (pos < text.size()) {
        // A run of printable ASCII that needs no escape is appended at once (keys, ids, dates
        // and money strings are all of it): a byte-by-byte append was 7 % of GET /balances.
        std::size_t run = pos;
        while (run < text.size()) {
            const auto b = static_cast<unsigned char>(text[run]);
            if (b < 0x20 || b >= 0x7F || b == '"' || b == '\\') break;
            ++run;
        }
        if (run > pos) {
            out.append(text.data() + pos, run - pos);
            pos = run;
            continue;
        }
        const auto c = static_cast<unsigned char>(text[pos]);
        if (c < 0x80) {
            if (c == '"') {
                out += "\\\"";
            } else if (c == '\\') {
                out += "\\\\";
            } else if (c < 0x20 || c == 0x7F) {
                appendEscapedControl(out, c);
            } else {
                out += static_cast<char>(c);
            }
            ++pos;
            continue;
        }
        const std::size_t length = domain::utf8SequenceLength(text, pos);
        if (length == 0) {
            out += "\xEF\xBF\xBD"; // U+FFFD for a stray byte
            ++pos;
            continue;
        }
        // U+2028/U+2029 are valid JSON but break JavaScript string literals; escape them.
        if (length == 3 && c == 0xE2 && static_cast<unsigned char>(text[pos + 1]) == 0x80 &&
            (static_cast<unsigned char>(text[pos + 2]) & 0xFE) == 0xA8) {
            out += static_cast<unsigned char>(text[pos + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
        } else {
            out.append(text.substr(pos, length));
        }
        pos += length;
    }
    out += '"';
}

std::string JsonWriter::quote(std::string_view text) {
    std::string out;
    appendQuoted(out, text);
    return out;
}

void JsonWriter::beforeValue() {
    if (_afterKey) {
        _afterKey = false;
        return;
    }
    if (!_hasElement.empty()) {
        if (_hasElement.back()) _out += ',';
        _hasElement.back() = true;
    }
}

JsonWriter& JsonWriter::open(char bracket) {
    beforeValue();
    _out += bracket;
    _hasElement.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
    _out += bracket;
    _hasElement.pop_back();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    beforeValue();
    appendQuoted(_out, name);
    _out += ':';
    _afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::string(std::string_view text) {
    beforeValue();
    appendQuoted(_out, text);
    return *this;
}

JsonWriter& JsonWriter::integer(int64_t value) {
    beforeValue();
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    _out.append(digits, static_cast<std::size_t>(end - digits));
    return *this;
}

JsonWriter& JsonWriter::number(std::string_view text) {
    beforeValue();
    _out.append(text);
    return *this;
}

JsonWriter& JsonWriter::boolean(bool value) {
    beforeValue();
    _out += value ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    beforeValue();
    _out += "null";
    return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
    beforeValue();
    _out.append(json);
    return *this;
}

JsonWriter& JsonWriter::value(const ParamValue& v) {
    switch (v.kind()) {
    case ParamValue::Kind::Null:
        return null();
    case ParamValue::Kind::String:
        return string(v.text());
    case ParamValue::Kind::Number:
        return number(v.text());
    case ParamValue::Kind::Bool:
        return boolean(v.text() == "true");
    case ParamValue::Kind::Array:
        beginArray();
        for (const auto& item : v.items())
            value(item);
        return endArray();
    case ParamValue::Kind::Object:
        beginObject();
        for (std::size_t i = 0; i < v.items().size(); ++i) {
            key(v.keys()[i]);
            value(v.items()[i]);
        }
        return endObject();
    }
    return *this;
}

} // namespace finimport::http
