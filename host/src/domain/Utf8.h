#pragma once
// UTF-8: validation (the one copy the HTTP body checks, the upload's text decoding and the
// plugin boundary share), encoding of one code point and `\uXXXX` digits.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <finimport/json_reader.hpp>

namespace finimport::domain {

// Length of the well-formed UTF-8 sequence starting at text[pos] (RFC 3629: no overlong forms,
// no surrogates, nothing above U+10FFFF), or 0 when it is not one.
std::size_t utf8SequenceLength(std::string_view text, std::size_t pos);
// Length of the longest well-formed prefix of `text` (all of it when valid). ASCII runs are
// checked 16 bytes at a time: a 10 MB upload is validated as it arrives (bench/RESULTS.md).
std::size_t validUtf8Prefix(std::string_view text);
inline bool isValidUtf8(std::string_view text) {
    return validUtf8Prefix(text) == text.size();
}

// Appends `cp` (a Unicode scalar value, ≤ U+10FFFF, no surrogate) as UTF-8: the JSON reader's
// encoder, shared with the plugins.
using json::appendUtf8;

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
