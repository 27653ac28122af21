// finimport/json_reader.hpp: the reader of finimport/json.hpp (strict RFC 8259, numbers kept as
// their exact text), sending events to a sink of yours. Most code wants json::parse() from
// finimport/json.hpp, which builds a json::Value with this reader.
#ifndef FINIMPORT_JSON_READER_HPP
#define FINIMPORT_JSON_READER_HPP

#include "finimport/json_value.hpp"

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::json {

inline bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The first position at or after `pos` whose byte ends a run of plain string bytes (a '"', a
// backslash or a control character), or the end. Eight bytes per step: a large string value
// (a whole file in a request) is mostly such runs.
inline std::size_t plainRunEnd(std::string_view text, std::size_t pos) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    const auto hasZero = [&](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
    while (pos + 8 <= text.size()) {
        std::uint64_t w;
        std::memcpy(&w, text.data() + pos, 8);
        const std::uint64_t special = hasZero(w ^ (kOnes * '"')) | hasZero(w ^ (kOnes * '\\')) |
                                      ((w - kOnes * 0x20) & ~w & kHigh);
        if (special) break;
        pos += 8;
    }
    while (pos < text.size() && text[pos] != '"' && text[pos] != '\\' &&
           static_cast<unsigned char>(text[pos]) >= 0x20)
        ++pos;
    return pos;
}

// Appends `cp` (a Unicode scalar value) as UTF-8.
inline void appendUtf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
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

// Reads one JSON value (surrounding whitespace allowed) and sends it to `Sink` as events:
//   bool scalar(Value&& v, std::string_view raw);   // string, number, true, false, null
//   bool beginObject(); bool key(std::string&& name); bool endObject(std::string_view raw);
//   bool beginArray();  bool endArray(std::string_view raw);
// `raw` is the value's exact text. A sink returning false stops the reading (stopped()).
// Strings are decoded to UTF-8; a lone UTF-16 surrogate escape is an error (it has no UTF-8
// form). The input should be valid UTF-8: the reader passes other bytes through.
template <class Sink> class Reader {
public:
    // `maxDepth`: the deepest array/object nesting accepted (deeper input is an error, not a
    // deep recursion).
    Reader(std::string_view text, Sink& sink, std::size_t maxDepth = 64)
        : _s(text), _sink(sink), _maxDepth(maxDepth) {}

    // The string value of the top-level object's member `key` is unescaped into the start of
    // `buffer` (which must hold the text being read; the output never overtakes the input), and
    // the sink gets an empty string for it: a large value is not held twice. See stolenLength().
    void unescapeInPlace(std::string& buffer, std::string_view key) {
        _buffer = &buffer;
        _inPlaceKey = key;
    }
    // The length of that value at the start of the buffer, when the member was read so (the
    // last one, when the key is repeated).
    std::optional<std::size_t> stolenLength() const { return _stolen; }

    // True when the text is one complete JSON value; else error() says why and where.
    bool document() {
        skipSpace();
        if (!value(0)) return false;
        skipSpace();
        if (_i != _s.size()) return fail("unexpected text after the value");
        return true;
    }
    // "unexpected character 'x' at column 3" (column = byte offset + 1).
    const std::string& error() const { return _error; }
    bool stopped() const { return _stopped; }

private:
    bool fail(const char* what) {
        if (_error.empty()) _error = std::string(what) + " at column " + std::to_string(_i + 1);
        return false;
    }
    bool sent(bool accepted) {
        if (!accepted) {
            _stopped = true;
            return fail("reading stopped");
        }
        return true;
    }
    void skipSpace() {
        while (_i < _s.size() && isSpace(_s[_i]))
            ++_i;
    }
    std::string_view rawFrom(std::size_t start) const { return _s.substr(start, _i - start); }

    bool value(std::size_t depth) {
        if (_i >= _s.size()) return fail("unexpected end of input");
        const std::size_t start = _i;
        const char c = _s[_i];
        if (c == '{') return object(depth + 1, start);
        if (c == '[') return array(depth + 1, start);
        if (c == '"') {
            std::string text;
            if (!string(text)) return false;
            return sent(_sink.scalar(Value::makeString(std::move(text)), rawFrom(start)));
        }
        if (c == 't' || c == 'f' || c == 'n') {
            const std::string_view word = c == 't' ? "true" : c == 'f' ? "false" : "null";
            if (_s.substr(_i, word.size()) != word) return fail("invalid literal");
            _i += word.size();
            return sent(_sink.scalar(c == 'n' ? Value() : Value::makeBool(c == 't'), word));
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            if (!number()) return false;
            return sent(
                _sink.scalar(Value::makeNumber(std::string(rawFrom(start))), rawFrom(start)));
        }
        return fail((std::string("unexpected character '") + c + "'").c_str());
    }

    bool object(std::size_t depth, std::size_t start) {
        if (depth > _maxDepth) return fail("nesting too deep");
        if (!sent(_sink.beginObject())) return false;
        ++_i; // '{'
        skipSpace();
        if (_i < _s.size() && _s[_i] == '}') return ++_i, sent(_sink.endObject(rawFrom(start)));
        for (;;) {
            skipSpace();
            if (_i >= _s.size() || _s[_i] != '"') return fail("object key expected");
            std::string name;
            if (!string(name)) return false;
            skipSpace();
            if (_i >= _s.size() || _s[_i] != ':') return fail("':' expected");
            ++_i;
            skipSpace();
            const bool inPlace = depth == 1 && _buffer != nullptr && name == _inPlaceKey &&
                                 _i < _s.size() && _s[_i] == '"';
            if (depth == 1 && _buffer != nullptr && name == _inPlaceKey) _stolen.reset();
            if (!sent(_sink.key(std::move(name)))) return false;
            if (inPlace) {
                const std::size_t valueStart = _i;
                if (!stringInPlace()) return false;
                if (!sent(_sink.scalar(Value::makeString({}), rawFrom(valueStart)))) return false;
            } else if (!value(depth)) {
                return false;
            }
            skipSpace();
            if (_i >= _s.size()) return fail("unterminated object");
            if (_s[_i] == '}') return ++_i, sent(_sink.endObject(rawFrom(start)));
            if (_s[_i] != ',') return fail("',' or '}' expected");
            ++_i;
        }
    }

    bool array(std::size_t depth, std::size_t start) {
        if (depth > _maxDepth) return fail("nesting too deep");
        if (!sent(_sink.beginArray())) return false;
        ++_i; // '['
        skipSpace();
        if (_i < _s.size() && _s[_i] == ']') return ++_i, sent(_sink.endArray(rawFrom(start)));
        for (;;) {
            skipSpace();
            if (!value(depth)) return false;
            skipSpace();
            if (_i >= _s.size()) return fail("unterminated array");
            if (_s[_i] == ']') return ++_i, sent(_sink.endArray(rawFrom(start)));
            if (_s[_i] != ',') return fail("',' or ']' expected");
            ++_i;
        }
    }

    bool digits() {
        const std::size_t start = _i;
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

    bool hex4(std::uint32_t& v) {
        if (_i + 4 > _s.size()) return fail("truncated \\u escape");
        v = 0;
        for (int k = 0; k < 4; ++k) {
            const char h = _s[_i++];
            v <<= 4;
            if (h >= '0' && h <= '9')
                v |= static_cast<std::uint32_t>(h - '0');
            else if (h >= 'a' && h <= 'f')
                v |= static_cast<std::uint32_t>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
                v |= static_cast<std::uint32_t>(h - 'A' + 10);
            else
                return fail("invalid \\u escape");
        }
        return true;
    }

    // After a backslash: the escape's characters appended to `out`.
    bool escape(std::string& out) {
        if (_i >= _s.size()) return fail("unterminated string");
        const char e = _s[_i++];
        constexpr std::string_view simple = "\"\\/bfnrt", mapped = "\"\\/\b\f\n\r\t";
        if (const auto k = simple.find(e); k != std::string_view::npos) {
            out += mapped[k];
            return true;
        }
        if (e != 'u') return fail("invalid escape");
        std::uint32_t cp = 0;
        if (!hex4(cp)) return false;
        if (cp >= 0xDC00 && cp <= 0xDFFF) return fail("lone surrogate escape");
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            std::uint32_t low = 0;
            if (_s.substr(_i, 2) != "\\u") return fail("lone surrogate escape");
            _i += 2;
            if (!hex4(low)) return false;
            if (low < 0xDC00 || low > 0xDFFF) return fail("lone surrogate escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        appendUtf8(out, cp);
        return true;
    }

    bool string(std::string& out) {
        ++_i; // opening quote
        // One allocation of the right size: a large value is not grown by doubling.
        if (const std::size_t end = _s.find('"', _i); end != std::string_view::npos)
            out.reserve(end - _i);
        while (_i < _s.size()) {
            const std::size_t run = plainRunEnd(_s, _i);
            out.append(_s.data() + _i, run - _i);
            _i = run;
            if (_i >= _s.size()) break;
            const char c = _s[_i];
            if (c == '"') return ++_i, true;
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
            ++_i; // a backslash
            if (!escape(out)) return false;
        }
        return fail("unterminated string");
    }

    // string() into the start of *_buffer (which _s views).
    bool stringInPlace() {
        ++_i; // opening quote
        char* out = _buffer->data();
        std::size_t written = 0;
        std::string escaped;
        while (_i < _s.size()) {
            const std::size_t run = plainRunEnd(_s, _i);
            std::memmove(out + written, _s.data() + _i, run - _i);
            written += run - _i;
            _i = run;
            if (_i >= _s.size()) break;
            const char c = _s[_i];
            if (c == '"') {
                ++_i;
                _stolen = written;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in string");
            ++_i; // a backslash: its sequence is longer than what it stands for
            escaped.clear();
            if (!escape(escaped)) return false;
            std::memcpy(out + written, escaped.data(), escaped.size());
            written += escaped.size();
        }
        return fail("unterminated string");
    }

    std::string_view _s;
    Sink& _sink;
    std::size_t _maxDepth;
    std::size_t _i = 0;
    std::string _error;
    bool _stopped = false;
    std::string* _buffer = nullptr;
    std::string_view _inPlaceKey;
    std::optional<std::size_t> _stolen;
};

} // namespace finimport::json

#endif
