// UTF-8 hygiene for text that crosses the plugin boundary.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace finimport::plugin {

// Returns `text` with every invalid UTF-8 sequence (bad lead or continuation bytes, overlong
// forms, surrogates, code points above U+10FFFF, truncated sequences) replaced by U+FFFD.
std::string toValidUtf8(std::string_view text);

// isValidUtf8 for text that is not plain ASCII.
bool isValidUtf8Slow(std::string_view text);

// True when `text` is valid UTF-8 (the common case: the value can be passed on as a view).
// Plain ASCII (most values) is told inline by OR-ing a few overlapping words.
inline bool isValidUtf8(std::string_view text) {
    const char* p = text.data();
    const size_t size = text.size();
    uint64_t bits = 0;
    if (size >= 8) {
        uint64_t word;
        for (size_t i = 0; i + 8 <= size; i += 8) {
            std::memcpy(&word, p + i, 8);
            bits |= word;
        }
        std::memcpy(&word, p + size - 8, 8);
        bits |= word;
    } else if (size >= 4) {
        uint32_t head, tail;
        std::memcpy(&head, p, 4);
        std::memcpy(&tail, p + size - 4, 4);
        bits = head | tail;
    } else {
        for (size_t i = 0; i < size; ++i)
            bits |= static_cast<uint8_t>(p[i]);
    }
    return (bits & 0x8080808080808080ull) == 0 || isValidUtf8Slow(text);
}

// True when every byte of `text` is 0x01-0x7F: plain ASCII without a NUL, so valid UTF-8 and
// whole as a C string (the common value of a row, told 8 bytes at a time). A byte b is NUL or
// above 0x7F exactly when (b - 1) | b has its top bit set; a borrow only starts at a NUL byte.
inline bool isPlainText(std::string_view text) {
    const char* p = text.data();
    const size_t size = text.size();
    if (size >= 8) {
        constexpr uint64_t ones = 0x0101010101010101ull;
        uint64_t bits = 0, word;
        for (size_t i = 0; i + 8 <= size; i += 8) {
            std::memcpy(&word, p + i, 8);
            bits |= (word - ones) | word;
        }
        std::memcpy(&word, p + size - 8, 8);
        bits |= (word - ones) | word;
        return (bits & 0x8080808080808080ull) == 0;
    }
    if (size >= 4) {
        constexpr uint32_t ones = 0x01010101u;
        uint32_t head, tail;
        std::memcpy(&head, p, 4);
        std::memcpy(&tail, p + size - 4, 4);
        return ((((head - ones) | head) | ((tail - ones) | tail)) & 0x80808080u) == 0;
    }
    for (size_t i = 0; i < size; ++i)
        if (static_cast<uint8_t>(p[i]) - 1u >= 0x7Fu) return false;
    return true;
}

// The same into `out` (its capacity reused: the per-row path assigns into kept strings).
void assignValidUtf8(std::string& out, std::string_view text);

} // namespace finimport::plugin
