#include "domain/Utf8.h"

#include <cstring>

namespace finimport::domain {

std::size_t utf8SequenceLength(std::string_view text, std::size_t pos) {
    const auto byte = [&](std::size_t i) { return static_cast<uint8_t>(text[i]); };
    const uint8_t lead = byte(pos);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    uint8_t low = 0x80, high = 0xBF; // allowed range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;  // overlong
        if (lead == 0xED) high = 0x9F; // UTF-16 surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;  // overlong
        if (lead == 0xF4) high = 0x8F; // above U+10FFFF
    } else {
        return 0;
    }
    if (pos + length > text.size()) return 0;
    if (byte(pos + 1) < low || byte(pos + 1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i)
        if (byte(pos + i) < 0x80 || byte(pos + i) > 0xBF) return 0;
    return length;
}

std::size_t validUtf8Prefix(std::string_view text) {
    constexpr uint64_t kHigh = 0x8080808080808080ull;
    const char* p = text.data();
    const std::size_t size = text.size();
    std::size_t pos = 0;
    while (pos < size) {
        if (pos + 16 <= size) {
            uint64_t a, b;
            std::memcpy(&a, p + pos, 8);
            std::memcpy(&b, p + pos + 8, 8);
            if (((a | b) & kHigh) == 0) {
                pos += 16;
                continue;
            }
        }
        if (static_cast<uint8_t>(p[pos]) < 0x80) {
            ++pos;
            continue;
        }
        const std::size_t length = utf8SequenceLength(text, pos);
        if (length == 0) return pos;
        pos += length;
    }
    return size;
}

} // namespace finimport::domain
