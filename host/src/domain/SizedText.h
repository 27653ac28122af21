#pragma once
// Text framed by byte counts: `<bytes, decimal>:<bytes>`. The stored forms of import rows use
// it (app/rows/RowCodec.h for a row's fields, store/RowChunk.h for a chunk of rows): ASCII
// framing around any bytes, so the stored text is as valid as the values it carries.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace finimport::domain {

inline void appendDecimal(std::string& out, int64_t n) {
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
}

inline void appendSized(std::string& out, std::string_view text) {
    appendDecimal(out, static_cast<int64_t>(text.size()));
    out += ':';
    out.append(text);
}

// Reads such text front to back; any malformed step throws std::runtime_error(`corrupt`).
class SizedReader {
public:
    SizedReader(std::string_view text, const char* corrupt) : _t(text), _corrupt(corrupt) {}
    bool atEnd() const { return _p == _t.size(); }
    char take() {
        if (atEnd()) fail();
        return _t[_p++];
    }
    bool takeIf(char c) {
        if (atEnd() || _t[_p] != c) return false;
        ++_p;
        return true;
    }
    // A decimal number ended by `end` (which is consumed).
    int64_t number(char end) {
        int64_t n = 0;
        const char* first = _t.data() + _p;
        const char* last = _t.data() + _t.size();
        const auto [stop, ec] = std::from_chars(first, last, n);
        if (ec != std::errc() || stop == first || stop == last || *stop != end) fail();
        _p = static_cast<std::size_t>(stop - _t.data()) + 1;
        return n;
    }
    std::string_view sized() {
        const int64_t n = number(':');
        if (n < 0 || static_cast<uint64_t>(n) > _t.size() - _p) fail();
        std::string_view text = _t.substr(_p, static_cast<std::size_t>(n));
        _p += static_cast<std::size_t>(n);
        return text;
    }
    [[noreturn]] void fail() const { throw std::runtime_error(_corrupt); }

private:
    std::string_view _t;
    const char* _corrupt;
    std::size_t _p = 0;
};

} // namespace finimport::domain
