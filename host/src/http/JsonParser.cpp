#include "http/JsonParser.h"

#include "http/Utf8.h"

#include <cstdint>

namespace finimport::http {

namespace {

bool isJsonSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void appendUtf8(std::string& out, uint32_t cp) {
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

class Reader {
public:
    Reader(std::string_view text, std::size_t maxDepth) : _text(text), _maxDepth(maxDepth) {}

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
            if (!value(member, depth)) return false;
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
        if (_pos + 4 > _text.size()) return false;
        cp = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = _text[_pos++];
            cp <<= 4;
            if (c >= '0' && c <= '9')
                cp |= static_cast<uint32_t>(c - '0');
            else if (c >= 'a' && c <= 'f')
                cp |= static_cast<uint32_t>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                cp |= static_cast<uint32_t>(c - 'A' + 10);
            else
                return false;
        }
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
        appendUtf8(out, cp);
        return true;
    }

    bool string(std::string& out) {
        ++_pos; // opening quote
        while (!atEnd()) {
            const char c = _text[_pos];
            if (c == '"') {
                ++_pos;
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) return false;
            if (c == '\\') {
                ++_pos;
                if (!escape(out)) return false;
                continue;
            }
            out += c;
            ++_pos;
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
};

} // namespace

std::size_t jsonNestingDepth(std::string_view text) {
    std::size_t depth = 0, deepest = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i; // skip the escaped character
            else if (c == '"')
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

JsonBodyResult parseJsonObjectBody(std::string_view body, std::size_t maxDepth) {
    JsonBodyResult result;
    std::size_t firstNonSpace = 0;
    while (firstNonSpace < body.size() && isJsonSpace(body[firstNonSpace]))
        ++firstNonSpace;
    if (firstNonSpace == body.size()) {
        result.value = ParamValue::makeObject();
        return result;
    }
    if (!isValidUtf8(body)) {
        result.error = JsonBodyError::InvalidUtf8;
    } else if (jsonNestingDepth(body) > maxDepth) {
        result.error = JsonBodyError::TooDeep;
    } else if (auto parsed = parseJson(body, maxDepth)) {
        if (parsed->isObject())
            result.value = std::move(*parsed);
        else
            result.error = JsonBodyError::NotObject;
    } else {
        result.error = JsonBodyError::InvalidJson;
    }
    return result;
}

} // namespace finimport::http
