// The JSON forms of a row (RowCodec.h): its errors as stored, its fields as stored before schema
// v9 (and for a value with a NUL byte), and as the rows endpoint's tests compare them: small,
// fixed-shape JSON written and read by hand.
// Poco::JSON built a map of Dynamic::Var per row, which made every read of a large import cost
// seconds; these are single passes over the text.
#include "app/rows/RowCodec.h"

#include "domain/Utf8.h"

#include <cstdint>
#include <stdexcept>

namespace finimport::app::rows {

namespace {

void appendQuoted(std::string& out, std::string_view s) {
    static const char* kHex = "0123456789abcdef";
    out += '"';
    // Runs that need no escape are appended whole (nearly every value is one such run).
    std::size_t plain = 0;
    while (plain < s.size()) {
        const auto c = static_cast<unsigned char>(s[plain]);
        if (c == '"' || c == '\\' || c < 0x20) break;
        ++plain;
    }
    out.append(s.data(), plain);
    for (char ch : s.substr(plain)) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20) {
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        } else {
            out += ch;
        }
    }
    out += '"';
}

// A cursor over text this module (or Poco before it) wrote; anything else is a corrupt row.
class Cursor {
public:
    explicit Cursor(std::string_view text) : _t(text) {}

    void space() {
        while (_p < _t.size() &&
               (_t[_p] == ' ' || _t[_p] == '\n' || _t[_p] == '\r' || _t[_p] == '\t'))
            ++_p;
    }
    bool take(char c) {
        space();
        if (_p < _t.size() && _t[_p] == c) {
            ++_p;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!take(c)) fail();
    }
    bool takeNull() {
        space();
        if (_t.substr(_p, 4) != "null") return false;
        _p += 4;
        return true;
    }
    std::string string() {
        expect('"');
        std::string out;
        for (;;) {
            // A run without quote or escape is appended whole (nearly every value is one).
            std::size_t run = _p;
            while (run < _t.size() && _t[run] != '"' && _t[run] != '\\')
                ++run;
            out.append(_t.data() + _p, run - _p);
            _p = run;
            if (_p >= _t.size()) fail();
            const char c = _t[_p++];
            if (c == '"') return out;
            if (_p >= _t.size()) fail();
            const char e = _t[_p++];
            switch (e) {
            case 'n':
                out += '\n';
                break;
            case 't':
                out += '\t';
                break;
            case 'r':
                out += '\r';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'u': {
                uint32_t cp = hex4();
                if (cp >= 0xD800 && cp <= 0xDBFF && _t.substr(_p, 2) == "\\u") {
                    _p += 2;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (hex4() - 0xDC00);
                }
                domain::appendUtf8(out, cp);
                break;
            }
            default:
                out += e; // \" \\ \/
            }
        }
    }
    int64_t integer() {
        space();
        const std::size_t start = _p;
        int64_t value = 0;
        while (_p < _t.size() && _t[_p] >= '0' && _t[_p] <= '9' && _p - start < 18)
            value = value * 10 + (_t[_p++] - '0');
        if (_p == start) fail();
        return value;
    }
    bool atEnd() {
        space();
        return _p == _t.size();
    }
    [[noreturn]] static void fail() { throw std::runtime_error("corrupt stored import row"); }

private:
    uint32_t hex4() {
        uint32_t v = 0;
        if (!domain::readHex4(_t, _p, v)) fail();
        _p += 4;
        return v;
    }

    std::string_view _t;
    std::size_t _p = 0;
};

std::optional<std::string> optionalString(Cursor& c) {
    if (c.takeNull()) return std::nullopt;
    return c.string();
}

} // namespace

std::string fieldsToJson(const Fields& fields) {
    // Sized once: names, values and their quotes (escapes are rare and only grow it).
    std::size_t size = 2;
    for (const auto& [k, v] : fields)
        size += k.size() + (v ? v->size() : 4) + 6;
    std::string out;
    out.reserve(size);
    out += '{';
    for (const auto& [k, v] : fields) {
        if (out.size() > 1) out += ',';
        appendQuoted(out, k);
        out += ':';
        if (v)
            appendQuoted(out, *v);
        else
            out.append("null", 4);
    }
    out += '}';
    return out;
}

Fields fieldsFromJson(std::string_view json) {
    std::vector<std::string> names;
    std::vector<Value> values;
    names.reserve(16); // a transaction row has 12
    values.reserve(16);
    Cursor c(json);
    c.expect('{');
    if (!c.take('}')) {
        do {
            std::string name = c.string();
            c.expect(':');
            auto value = optionalString(c);
            // A repeated name: the last one wins, as the JSON object did.
            bool replaced = false;
            for (std::size_t i = 0; i < names.size() && !replaced; ++i)
                if (names[i] == name) {
                    values[i] = std::move(value);
                    replaced = true;
                }
            if (!replaced) {
                names.push_back(std::move(name));
                values.push_back(std::move(value));
            }
        } while (c.take(','));
        c.expect('}');
    }
    if (!c.atEnd()) Cursor::fail();
    return Fields(decodedHeader(std::vector<std::string_view>(names.begin(), names.end())),
                  std::move(values));
}

std::string messagesToJson(const std::vector<RowMessage>& messages) {
    std::string out = "[";
    for (const auto& m : messages) {
        if (out.size() > 1) out += ',';
        out += "{\"code\":";
        appendQuoted(out, m.code);
        out += ",\"field\":";
        if (m.field)
            appendQuoted(out, *m.field);
        else
            out += "null";
        out += ",\"message\":";
        appendQuoted(out, m.message);
        // Where it was found, when known (rows stored before these keys simply lack them).
        if (m.raw) {
            out += ",\"raw\":";
            appendQuoted(out, *m.raw);
        }
        if (m.line > 0) out += ",\"line\":" + std::to_string(m.line);
        if (m.section) {
            out += ",\"section\":";
            appendQuoted(out, *m.section);
        }
        out += '}';
    }
    out += ']';
    return out;
}

std::vector<RowMessage> messagesFromJson(std::string_view json) {
    if (json == "[]") return {}; // nearly every row
    std::vector<RowMessage> out;
    Cursor c(json);
    c.expect('[');
    if (!c.take(']')) {
        do {
            RowMessage m;
            c.expect('{');
            if (!c.take('}')) {
                do {
                    const std::string name = c.string();
                    c.expect(':');
                    if (name == "line") {
                        m.line = c.integer();
                        continue;
                    }
                    auto value = optionalString(c);
                    if (name == "code")
                        m.code = value.value_or("");
                    else if (name == "field")
                        m.field = std::move(value);
                    else if (name == "message")
                        m.message = value.value_or("");
                    else if (name == "raw")
                        m.raw = std::move(value);
                    else if (name == "section")
                        m.section = std::move(value);
                } while (c.take(','));
                c.expect('}');
            }
            out.push_back(std::move(m));
        } while (c.take(','));
        c.expect(']');
    }
    if (!c.atEnd()) Cursor::fail();
    return out;
}

} // namespace finimport::app::rows
