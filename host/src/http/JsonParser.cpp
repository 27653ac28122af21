#include "http/JsonParser.h"

#include "domain/Utf8.h"

#include <cstdint>
#include <cstring>

namespace finimport::http {

namespace {

bool isJsonSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Inside a string: neither its end, an escape nor a control character.
bool plainStringByte(char c) {
    return c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20;
}

// The first position at or after `pos` whose byte is not plainStringByte (or the end). Eight
// bytes per step (a word has such a byte when one of its bytes equals '"' or '\\' or is below
// 0x20: the zero-byte and less-than tests of "Bit Twiddling Hacks"): the three passes over a
// 10 MB raw_file_content were a tenth of an upload (bench/RESULTS.md).
std::size_t plainRunEnd(std::string_view text, std::size_t pos) {
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    const auto hasZero = [&](uint64_t v) { return (v - kOnes) & ~v & kHigh; };
    while (pos + 8 <= text.size()) {
        uint64_t w;
        std::memcpy(&w, text.data() + pos, 8);
        const uint64_t special = hasZero(w ^ (kOnes * '"')) | hasZero(w ^ (kOnes * '\\')) |
                                 ((w - kOnes * 0x20) & ~w & kHigh);
        if (special) break;
        pos += 8;
    }
    while (pos < text.size() && plainStringByte(text[pos]))
        ++pos;
    return pos;
}

class Reader {
public:
    Reader(std::string_view text, std::size_t maxDepth) : _text(text), _maxDepth(maxDepth) {}

    // Nullopt as soon as the tree would hold more than `maxValues` values.
    void limitValues(std::size_t maxValues) { _maxValues = maxValues; }
    bool tooManyValues() const { return _tooMany; }
    // `buffer` holds the text being read: the top-level raw_file_content string is unescaped
    // into its first bytes (the output never overtakes the input), so the request's largest
    // value is not held twice. The tree gets an empty placeholder; see stolenLength().
    void unescapeRawContentInto(std::string& buffer) { _buffer = &buffer; }
    // The length of that value at the start of the buffer, when the tree's raw_file_content
    // is it.
    std::optional<std::size_t> stolenLength() const { return _stolen; }

    std::optional<ParamValue> document() {
        ParamValue v;
        skipSpace();
        if (!value(v, 0)) return std::nullopt;
        skipSpace();
        if (_pos != _text.size()) return std::nullopt;
        return v;
    }

private:
    bool atEnd() const { return _pos >= _text.size(); }
    char peek() const { return _text[_pos]; }
    void skipSpace() {
        while (!atEnd() && isJsonSpace(peek()))
            ++_pos;
    }
    bool literal(std::string_view word) {
        if (_text.substr(_pos, word.size()) != word) return false;
        _pos += word.size();
        return true;
    }

    bool value(ParamValue& out, std::size_t depth) {
        if (atEnd()) return false;
        if (++_values > _maxValues) {
            _tooMany = true;
            return false;
        }
        switch (peek()) {
        case '{':
            return object(out, depth + 1);
        case '[':
            return array(out, depth + 1);
        case '"': {
            std::string s;
            if (!string(s)) return false;
            out = ParamValue::makeString(std::move(s));
            return true;
        }
        case 't':
            out = ParamValue::makeBool(true);
            return literal("true");
        case 'f':
            out = ParamValue::makeBool(false);
            return literal("false");
        case 'n':
            out = ParamValue();
            return literal("null");
        default:
            return number(out);
        }
    }

    bool object(ParamValue& out, std::size_t depth) {
        if (depth > _maxDepth) return false;
        out = ParamValue::makeObject();
        ++_pos; // '{'
        skipSpace();
        if (!atEnd() && peek() == '}') {
            ++_pos;
            return true;
        }
        for (;;) {
            skipSpace();
            std::string key;
            if (atEnd() || peek() != '"' || !string(key)) return false;
            skipSpace();
            if (atEnd() || peek() != ':') return false;
            ++_pos;
            skipSpace();
            ParamValue member;
            if (depth == 1 && key == "raw_file_content") {
                _stolen.reset(); // a repeated key: the last one wins
                if (_buffer && !atEnd() && peek() == '"') {
                    if (++_values > _maxValues) {
                        _tooMany = true;
                        return false;
                    }
                    if (!stringInPlace()) return false;
                    member = ParamValue::makeString(std::string());
                } else if (!value(member, depth)) {
                    return false;
                }
            } else if (!value(member, depth)) {
                return false;
            }
            out.set(std::move(key), std::move(member)); // a repeated key: the last one wins
            skipSpace();
            if (atEnd()) return false;
            if (peek() == ',') {
                ++_pos;
                continue;
            }
            if (peek() != '}') return false;
            ++_pos;
            return true;
        }
    }

    bool array(ParamValue& out, std::size_t depth) {
        if (depth > _maxDepth) return false;
        out = ParamValue::makeArray();
        ++_pos; // '['
        skipSpace();
        if (!atEnd() && peek() == ']') {
            ++_pos;
            return true;
        }
        for (;;) {
            skipSpace();
            ParamValue element;
            if (!value(element, depth)) return false;
            out.push(std::move(element));
            skipSpace();
            if (atEnd()) return false;
            if (peek() == ',') {
                ++_pos;
                continue;
            }
            if (peek() != ']') return false;
            ++_pos;
            return true;
        }
    }

    bool hex4(uint32_t& cp) {
        if (!domain::readHex4(_text, _pos, cp)) return false;
        _pos += 4;
        return true;
    }

    bool escape(std::string& out) {
        if (atEnd()) return false;
        const char c = _text[_pos++];
        switch (c) {
        case '"':
            out += '"';
            return true;
        case '\\':
            out += '\\';
            return true;
        case '/':
            out += '/';
            return true;
        case 'b':
            out += '\b';
            return true;
        case 'f':
            out += '\f';
            return true;
        case 'n':
            out += '\n';
            return true;
        case 'r':
            out += '\r';
            return true;
        case 't':
            out += '\t';
            return true;
        case 'u':
            break;
        default:
            return false;
        }
        uint32_t cp = 0;
        if (!hex4(cp)) return false;
        if (cp >= 0xDC00 && cp <= 0xDFFF) return false; // lone low surrogate
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            uint32_t low = 0;
            if (!literal("\\u") || !hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        domain::appendUtf8(out, cp);
        return true;
    }

    bool string(std::string& out) {
        ++_pos; // opening quote
        // One allocation of the right size: a 10 MB raw_file_content is not grown by doubling.
        if (const std::size_t end = _text.find('"', _pos); end != std::string_view::npos)
            out.reserve(end - _pos);
        while (!atEnd()) {
            // Plain characters are appended a run at a time (a 10 MB value is mostly runs).
            const std::size_t run = plainRunEnd(_text, _pos);
            out.append(_text.data() + _pos, run - _pos);
            _pos = run;
            if (atEnd()) break;
            const char c = _text[_pos];
            if (c == '"') {
                ++_pos;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) return false;
            ++_pos; // a backslash
            if (!escape(out)) return false;
        }
        return false;
    }

    // string() into the start of _buffer (which _text views).
    bool stringInPlace() {
        ++_pos; // opening quote
        char* out = _buffer->data();
        std::size_t written = 0;
        std::string escaped;
        while (!atEnd()) {
            const std::size_t run = plainRunEnd(_text, _pos);
            std::memmove(out + written, _text.data() + _pos, run - _pos);
            written += run - _pos;
            _pos = run;
            if (atEnd()) break;
            const char c = _text[_pos];
            if (c == '"') {
                ++_pos;
                _stolen = written;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) return false;
            ++_pos; // a backslash: its sequence is longer than what it stands for
            escaped.clear();
            if (!escape(escaped)) return false;
            std::memcpy(out + written, escaped.data(), escaped.size());
            written += escaped.size();
        }
        return false;
    }

    bool digits() {
        const std::size_t start = _pos;
        while (!atEnd() && peek() >= '0' && peek() <= '9')
            ++_pos;
        return _pos > start;
    }

    bool number(ParamValue& out) {
        const std::size_t start = _pos;
        if (!atEnd() && peek() == '-') ++_pos;
        if (atEnd()) return false;
        if (peek() == '0') {
            ++_pos;
        } else if (!digits()) {
            return false;
        }
        if (!atEnd() && peek() == '.') {
            ++_pos;
            if (!digits()) return false;
        }
        if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
            ++_pos;
            if (!atEnd() && (peek() == '+' || peek() == '-')) ++_pos;
            if (!digits()) return false;
        }
        out = ParamValue::makeNumber(std::string(_text.substr(start, _pos - start)));
        return true;
    }

    std::string_view _text;
    std::size_t _maxDepth;
    std::size_t _pos = 0;
    std::size_t _values = 0, _maxValues = SIZE_MAX;
    bool _tooMany = false;
    std::string* _buffer = nullptr;
    std::optional<std::size_t> _stolen;
};

// The pre-authentication pass: syntax and depth with an explicit stack, no allocation per
// value. Strings are checked for escapes and NULs; keys are never compared with each other.
class Validator {
public:
    explicit Validator(std::string_view text, std::size_t maxDepth)
        : _t(text), _maxDepth(maxDepth) {}

    JsonBodyError run() {
        space();
        if (_p < _t.size() && _t[_p] != '{') {
            if (!value(0)) return failure();
            space();
            return _p == _t.size() ? JsonBodyError::NotObject : JsonBodyError::InvalidJson;
        }
        if (!value(0)) return failure();
        space();
        if (_p != _t.size()) return JsonBodyError::InvalidJson;
        return _nul ? JsonBodyError::NulCharacter : JsonBodyError::None;
    }

private:
    JsonBodyError failure() const {
        return _deep ? JsonBodyError::TooDeep : JsonBodyError::InvalidJson;
    }
    void space() {
        while (_p < _t.size() && isJsonSpace(_t[_p]))
            ++_p;
    }
    bool literal(std::string_view w) {
        if (_t.substr(_p, w.size()) != w) return false;
        _p += w.size();
        return true;
    }
    bool hex4(uint32_t& cp) {
        if (!domain::readHex4(_t, _p, cp)) return false;
        _p += 4;
        return true;
    }
    // A string at _p; `nulAllowed` for the raw_file_content value; `isRawKey` is set when the
    // string is exactly "raw_file_content" (one fixed comparison, not a key search).
    bool string(bool nulAllowed, bool* isRawKey = nullptr) {
        const std::size_t start = ++_p;
        while (_p < _t.size()) {
            _p = plainRunEnd(_t, _p);
            if (_p >= _t.size()) break;
            const char c = _t[_p];
            if (c == '"') {
                if (isRawKey) *isRawKey = _t.substr(start, _p - start) == "raw_file_content";
                ++_p;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) return false;
            ++_p;
            if (c != '\\') continue;
            if (_p >= _t.size()) return false;
            const char e = _t[_p++];
            if (e == 'u') {
                uint32_t cp = 0;
                if (!hex4(cp) || (cp >= 0xDC00 && cp <= 0xDFFF)) return false;
                if (cp == 0 && !nulAllowed) _nul = true;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    uint32_t low = 0;
                    if (!literal("\\u") || !hex4(low) || low < 0xDC00 || low > 0xDFFF) return false;
                }
            } else if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' &&
                       e != 'r' && e != 't') {
                return false;
            }
        }
        return false;
    }
    bool digits() {
        const std::size_t start = _p;
        while (_p < _t.size() && _t[_p] >= '0' && _t[_p] <= '9')
            ++_p;
        return _p > start;
    }
    bool number() {
        if (_p < _t.size() && _t[_p] == '-') ++_p;
        if (_p >= _t.size()) return false;
        if (_t[_p] == '0')
            ++_p;
        else if (!digits())
            return false;
        if (_p < _t.size() && _t[_p] == '.') {
            ++_p;
            if (!digits()) return false;
        }
        if (_p < _t.size() && (_t[_p] == 'e' || _t[_p] == 'E')) {
            ++_p;
            if (_p < _t.size() && (_t[_p] == '+' || _t[_p] == '-')) ++_p;
            if (!digits()) return false;
        }
        return true;
    }
    // Recursion is bounded by maxDepth (64): the stack cannot grow with the input.
    bool value(std::size_t depth, bool nulAllowed = false) {
        space();
        if (_p >= _t.size()) return false;
        switch (_t[_p]) {
        case '{':
        case '[': {
            if (depth + 1 > _maxDepth) {
                _deep = true;
                return false;
            }
            const bool object = _t[_p] == '{';
            const char close = object ? '}' : ']';
            ++_p;
            space();
            if (_p < _t.size() && _t[_p] == close) {
                ++_p;
                return true;
            }
            for (;;) {
                bool rawValue = false;
                if (object) {
                    space();
                    bool isRaw = false;
                    if (_p >= _t.size() || _t[_p] != '"' || !string(false, &isRaw)) return false;
                    rawValue = isRaw && depth == 0;
                    space();
                    if (_p >= _t.size() || _t[_p] != ':') return false;
                    ++_p;
                }
                if (!value(depth + 1, rawValue)) return false;
                space();
                if (_p >= _t.size()) return false;
                if (_t[_p] == ',') {
                    ++_p;
                    continue;
                }
                if (_t[_p] != close) return false;
                ++_p;
                return true;
            }
        }
        case '"':
            return string(nulAllowed);
        case 't':
            return literal("true");
        case 'f':
            return literal("false");
        case 'n':
            return literal("null");
        default:
            return number();
        }
    }

    std::string_view _t;
    std::size_t _maxDepth;
    std::size_t _p = 0;
    bool _deep = false, _nul = false;
};

} // namespace

std::size_t jsonNestingDepth(std::string_view text) {
    std::size_t depth = 0, deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            i = plainRunEnd(text, i);
            if (i >= text.size()) break;
            const char d = text[i];
            if (d == '\\')
                ++i; // skip the escaped character
            else if (d == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (++depth > deepest) deepest = depth;
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

std::optional<ParamValue> parseJson(std::string_view text, std::size_t maxDepth) {
    return Reader(text, maxDepth).document();
}

JsonBodyError validateJsonObjectBody(std::string_view body, std::size_t maxDepth) {
    std::size_t firstNonSpace = 0;
    while (firstNonSpace < body.size() && isJsonSpace(body[firstNonSpace]))
        ++firstNonSpace;
    if (firstNonSpace == body.size()) return JsonBodyError::None;
    if (!domain::isValidUtf8(body)) return JsonBodyError::InvalidUtf8;
    // Depth is reported before syntax (docs/decisions.md D22 order), as the full parser always did.
    if (jsonNestingDepth(body) > maxDepth) return JsonBodyError::TooDeep;
    return Validator(body, maxDepth).run();
}

JsonBodyResult parseJsonObjectBody(std::string_view body, std::size_t maxDepth) {
    JsonBodyResult result;
    result.error = validateJsonObjectBody(body, maxDepth);
    if (result.error != JsonBodyError::None) return result;
    return parseValidatedJsonObject(body, maxDepth);
}

JsonBodyResult parseValidatedJsonObject(std::string&& body, std::size_t maxDepth) {
    JsonBodyResult result;
    std::size_t firstNonSpace = 0;
    while (firstNonSpace < body.size() && isJsonSpace(body[firstNonSpace]))
        ++firstNonSpace;
    if (firstNonSpace == body.size()) {
        result.value = ParamValue::makeObject();
        return result;
    }
    Reader reader(body, maxDepth);
    reader.limitValues(kMaxJsonValues);
    reader.unescapeRawContentInto(body);
    auto parsed = reader.document();
    if (!parsed) {
        result.error =
            reader.tooManyValues() ? JsonBodyError::TooManyValues : JsonBodyError::InvalidJson;
        return result;
    }
    result.value = std::move(*parsed);
    if (auto length = reader.stolenLength()) {
        body.resize(*length);
        *result.value.find("raw_file_content") = ParamValue::makeString(std::move(body));
    }
    body = std::string();
    return result;
}

JsonBodyResult parseValidatedJsonObject(std::string_view body, std::size_t maxDepth) {
    JsonBodyResult result;
    std::size_t firstNonSpace = 0;
    while (firstNonSpace < body.size() && isJsonSpace(body[firstNonSpace]))
        ++firstNonSpace;
    if (firstNonSpace == body.size()) {
        result.value = ParamValue::makeObject();
        return result;
    }
    Reader reader(body, maxDepth);
    reader.limitValues(kMaxJsonValues);
    if (auto parsed = reader.document())
        result.value = std::move(*parsed);
    else
        result.error =
            reader.tooManyValues() ? JsonBodyError::TooManyValues : JsonBodyError::InvalidJson;
    return result;
}

} // namespace finimport::http
