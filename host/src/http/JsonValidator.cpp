// The pre-authentication pass over a request body (validateJsonObjectBody) and the nesting
// pre-check: no tree is built here; http/JsonParser.cpp builds it.
#include "http/JsonParser.h"
#include "http/JsonScan.h"

#include "domain/Utf8.h"

namespace finimport::http {

using json_scan::isJsonSpace;
using json_scan::plainRunEnd;

namespace {

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

JsonBodyError validateJsonObjectBody(std::string_view body, std::size_t maxDepth) {
    if (json_scan::firstNonSpace(body) == body.size()) return JsonBodyError::None;
    if (!domain::isValidUtf8(body)) return JsonBodyError::InvalidUtf8;
    // Depth is reported before syntax (docs/decisions.md D22 order), as the full parser always did.
    if (jsonNestingDepth(body) > maxDepth) return JsonBodyError::TooDeep;
    return Validator(body, maxDepth).run();
}

} // namespace finimport::http
