#pragma once
// The byte tests both JSON passes share (http/JsonParser.cpp builds the tree,
// http/JsonValidator.cpp checks a body before authentication). Internal to http/.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace finimport::http::json_scan {

inline bool isJsonSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Inside a string: neither its end, an escape nor a control character.
inline bool plainStringByte(char c) {
    return c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20;
}

// The first position at or after `pos` whose byte is not plainStringByte (or the end). Eight
// bytes per step (a word has such a byte when one of its bytes equals '"' or '\\' or is below
// 0x20: the zero-byte and less-than tests of "Bit Twiddling Hacks"): the three passes over a
// 10 MB raw_file_content were a tenth of an upload (bench/RESULTS.md).
inline std::size_t plainRunEnd(std::string_view text, std::size_t pos) {
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

// The first position that is not JSON whitespace (or the end): a blank body means {}.
inline std::size_t firstNonSpace(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size() && isJsonSpace(text[pos]))
        ++pos;
    return pos;
}

} // namespace finimport::http::json_scan
