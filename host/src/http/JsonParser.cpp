#include "http/JsonParser.h"
#include "http/JsonScan.h"

#include "domain/Utf8.h"

namespace finimport::http {

using json_scan::isJsonSpace;
using json_scan::plainRunEnd;

namespace {

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

} // namespace

std::optional<ParamValue> parseJson(std::string_view text, std::size_t maxDepth) {
    return Reader(text, maxDepth).document();
}

JsonBodyResult parseJsonObjectBody(std::string_view body, std::size_t maxDepth) {
    JsonBodyResult result;
    result.error = validateJsonObjectBody(body, maxDepth);
    if (result.error != JsonBodyError::None) return result;
    return parseValidatedJsonObject(body, maxDepth);
}

JsonBodyResult parseValidatedJsonObject(std::string&& body, std::size_t maxDepth) {
    JsonBodyResult result;
    if (json_scan::firstNonSpace(body) == body.size()) {
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
    if (json_scan::firstNonSpace(body) == body.size()) {
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
