#include "JsonScan.h"

#include <cstdint>

namespace finimport::ndjson {

namespace {

constexpr int kMaxDepth = 256; // deeper input is refused instead of exhausting the stack

class Scanner {
public:
    explicit Scanner(std::string_view s) : _s(s) {}

    bool fail(const std::string& what) {
        if (_error.empty()) _error = what + " at column " + std::to_string(_i + 1);
        return false;
    }
    const std::string& error() const { return _error; }
    size_t pos() const { return _i; }
    bool atEnd() {
        skipSpace();
        return _i == _s.size();
    }

    void skipSpace() {
        while (_i < _s.size() &&
               (_s[_i] == ' ' || _s[_i] == '\t' || _s[_i] == '\r' || _s[_i] == '\n'))
            ++_i;
    }

    // One value; `members` collects the members when it is an object at depth 0.
    bool value(JsonKind& kind, std::vector<JsonMember>* members, int depth, std::string* text) {
        if (depth > kMaxDepth) return fail("nesting too deep");
        skipSpace();
        if (_i >= _s.size()) return fail("unexpected end of input");
        char c = _s[_i];
        if (c == '{') return kind = JsonKind::Object, object(members, depth);
        if (c == '[') return kind = JsonKind::Array, array(depth);
        if (c == '"') return kind = JsonKind::String, string(text);
        if (c == 't') return kind = JsonKind::True, literal("true");
        if (c == 'f') return kind = JsonKind::False, literal("false");
        if (c == 'n') return kind = JsonKind::Null, literal("null");
        if (c == '-' || (c >= '0' && c <= '9')) return kind = JsonKind::Number, number();
        return fail(std::string("unexpected character '") + c + "'");
    }

private:
    bool literal(std::string_view word) {
        if (_s.substr(_i, word.size()) != word) return fail("invalid literal");
        _i += word.size();
        return true;
    }

    bool digits() {
        size_t start = _i;
        while (_i < _s.size() && _s[_i] >= '0' && _s[_i] <= '9')
            ++_i;
        return _i > start || fail("digit expected");
    }

    bool number() {
        if (_s[_i] == '-') ++_i;
        if (_i < _s.size() && _s[_i] == '0')
            ++_i;
        else if (!digits())
            return false;
        if (_i < _s.size() && _s[_i] == '.') {
            ++_i;
            if (!digits()) return false;
        }
        if (_i < _s.size() && (_s[_i] == 'e' || _s[_i] == 'E')) {
            ++_i;
            if (_i < _s.size() && (_s[_i] == '+' || _s[_i] == '-')) ++_i;
            if (!digits()) return false;
        }
        return true;
    }

    static void appendUtf8(std::string& out, uint32_t cp) {
        if (cp < 0x80)
            out += static_cast<char>(cp);
        else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(uint32_t& v) {
        if (_i + 4 > _s.size()) return fail("truncated \\u escape");
        v = 0;
        for (int k = 0; k < 4; ++k) {
            char h = _s[_i++];
            v <<= 4;
            if (h >= '0' && h <= '9')
                v |= static_cast<uint32_t>(h - '0');
            else if (h >= 'a' && h <= 'f')
                v |= static_cast<uint32_t>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
                v |= static_cast<uint32_t>(h - 'A' + 10);
            else
                return fail("invalid \\u escape");
        }
        return true;
    }

    bool string(std::string* out) {
        ++_i; // opening quote
        while (_i < _s.size()) {
            char c = _s[_i++];
            if (c == '"') return true;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
            if (c != '\\') {
                if (out) *out += c;
                continue;
            }
            if (_i >= _s.size()) break;
            char e = _s[_i++];
            const char* simple = "\"\\/bfnrt";
            const char* mapped = "\"\\/\b\f\n\r\t";
            bool found = false;
            for (int k = 0; simple[k]; ++k)
                if (e == simple[k]) {
                    if (out) *out += mapped[k];
                    found = true;
                }
            if (found) continue;
            if (e != 'u') return fail("invalid escape");
            uint32_t cp = 0;
            if (!hex4(cp)) return false;
            if (cp >= 0xD800 && cp < 0xDC00 && _s.substr(_i, 2) == "\\u") {
                _i += 2;
                uint32_t low = 0;
                if (!hex4(low)) return false;
                if (low >= 0xDC00 && low < 0xE000)
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                else
                    cp = 0xFFFD;
            } else if (cp >= 0xD800 && cp < 0xE000) {
                cp = 0xFFFD;
            }
            if (out) appendUtf8(*out, cp);
        }
        return fail("unterminated string");
    }

    bool array(int depth) {
        ++_i;
        skipSpace();
        if (_i < _s.size() && _s[_i] == ']') return ++_i, true;
        for (;;) {
            JsonKind k;
            if (!value(k, nullptr, depth + 1, nullptr)) return false;
            skipSpace();
            if (_i >= _s.size()) return fail("unterminated array");
            if (_s[_i] == ']') return ++_i, true;
            if (_s[_i] != ',') return fail("',' or ']' expected");
            ++_i;
        }
    }

    bool object(std::vector<JsonMember>* members, int depth) {
        ++_i;
        skipSpace();
        if (_i < _s.size() && _s[_i] == '}') return ++_i, true;
        for (;;) {
            skipSpace();
            if (_i >= _s.size() || _s[_i] != '"') return fail("object key expected");
            JsonMember m;
            if (!string(&m.key)) return false;
            skipSpace();
            if (_i >= _s.size() || _s[_i] != ':') return fail("':' expected");
            ++_i;
            skipSpace();
            size_t start = _i;
            if (!value(m.kind, nullptr, depth + 1, members ? &m.text : nullptr)) return false;
            m.raw = _s.substr(start, _i - start);
            if (members) members->push_back(std::move(m));
            skipSpace();
            if (_i >= _s.size()) return fail("unterminated object");
            if (_s[_i] == '}') return ++_i, true;
            if (_s[_i] != ',') return fail("',' or '}' expected");
            ++_i;
        }
    }

    std::string_view _s;
    size_t _i = 0;
    std::string _error;
};

} // namespace

const JsonMember* JsonScan::find(std::string_view key) const {
    for (auto it = members.rbegin(); it != members.rend(); ++it)
        if (it->key == key) return &*it;
    return nullptr;
}

JsonScan scanJson(std::string_view text) {
    JsonScan out;
    Scanner scanner(text);
    if (!scanner.value(out.kind, &out.members, 0, nullptr)) {
        out.error = scanner.error();
        out.members.clear();
        return out;
    }
    if (!scanner.atEnd()) {
        scanner.fail("unexpected text after the value");
        out.error = scanner.error();
        out.members.clear();
        return out;
    }
    out.ok = true;
    if (out.kind != JsonKind::Object) out.members.clear();
    return out;
}

} // namespace finimport::ndjson
