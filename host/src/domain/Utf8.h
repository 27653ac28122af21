#pragma once
// UTF-8 encoding of one code point and `\uXXXX` digits: the one copy the host's JSON readers
// share.

#include <cstdint>
#include <string>
#include <string_view>

namespace finimport::domain {

// Appends `cp` (a Unicode scalar value, ≤ U+10FFFF, no surrogate) as UTF-8.
inline void appendUtf8(std::string& out, uint32_t cp) {
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

// Reads the four hex digits of a JSON `\uXXXX` escape at text[at..at+4) into `cp`; false when
// they are missing or not hex.
inline bool readHex4(std::string_view text, size_t at, uint32_t& cp) {
    if (at + 4 > text.size()) return false;
    cp = 0;
    for (size_t i = at; i < at + 4; ++i) {
        const char c = text[i];
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

} // namespace finimport::domain
