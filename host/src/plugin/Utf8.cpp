#include "plugin/Utf8.h"

#include <cstdint>
#include <cstring>

namespace finimport::plugin {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Length of the valid UTF-8 sequence starting at `pos`, or 0 if it is not valid
// (RFC 3629 table: restricted second-byte ranges rule out overlongs and surrogates).
size_t validSequenceLength(std::string_view text, size_t pos) {
    const auto byte = [&](size_t i) { return static_cast<uint8_t>(text[i]); };
    const uint8_t lead = byte(pos);
    if (lead < 0x80) return 1;
    size_t length = 0;
    uint8_t low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        return 0;
    }
    if (pos + length > text.size()) return 0;
    if (byte(pos + 1) < low || byte(pos + 1) > high) return 0;
    for (size_t i = 2; i < length; ++i) {
        if (byte(pos + i) < 0x80 || byte(pos + i) > 0xBF) return 0;
    }
    return length;
}

// Length of the longest valid prefix of `text` (all of it when valid). ASCII is checked 8 bytes
// at a time: rows are mostly ASCII, and this runs over every value a plugin emits.
size_t validPrefixLength(std::string_view text) {
    size_t pos = 0;
    const size_t size = text.size();
    while (pos < size) {
        if (pos + 8 <= size) {
            uint64_t word;
            std::memcpy(&word, text.data() + pos, 8);
            if ((word & 0x8080808080808080ull) == 0) {
                pos += 8;
                continue;
            }
        }
        if (static_cast<uint8_t>(text[pos]) < 0x80) {
            ++pos;
            continue;
        }
        const size_t length = validSequenceLength(text, pos);
        if (length == 0) return pos;
        pos += length;
    }
    return size;
}

} // namespace

bool isValidUtf8Slow(std::string_view text) {
    return validPrefixLength(text) == text.size();
}

void assignValidUtf8(std::string& out, std::string_view text) {
    size_t valid = validPrefixLength(text);
    out.assign(text.data(), valid); // reuses out's capacity
    size_t pos = valid;
    while (pos < text.size()) {
        const size_t length = validSequenceLength(text, pos);
        if (length == 0) {
            out += kReplacement;
            ++pos;
        } else {
            out.append(text.substr(pos, length));
            pos += length;
        }
    }
}

std::string toValidUtf8(std::string_view text) {
    std::string out;
    assignValidUtf8(out, text);
    return out;
}

} // namespace finimport::plugin
