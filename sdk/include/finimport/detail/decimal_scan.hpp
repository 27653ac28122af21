// The byte-level pieces of the number parser (finimport/decimal.hpp): UTF-8 decoding, the
// invisible characters around numbers, currency symbols at either end, thousands delimiters.
// Internal: plugins use finimport/decimal.hpp.
#ifndef FINIMPORT_DETAIL_DECIMAL_SCAN_HPP
#define FINIMPORT_DETAIL_DECIMAL_SCAN_HPP

#include "finimport/number_format.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::sdk::detail {

// Decodes one UTF-8 code point at s[i]; returns its length (0 when malformed).
inline std::size_t decodeUtf8(std::string_view s, std::size_t i, char32_t& cp) noexcept {
    const auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t len = b0 < 0x80           ? 1
                      : (b0 >> 5) == 0x6  ? 2
                      : (b0 >> 4) == 0xE  ? 3
                      : (b0 >> 3) == 0x1E ? 4
                                          : 0;
    if (len == 0 || i + len > s.size()) return 0;
    cp = len == 1 ? b0 : len == 2 ? (b0 & 0x1F) : len == 3 ? (b0 & 0x0F) : (b0 & 0x07);
    for (std::size_t k = 1; k < len; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b >> 6) != 0x2) return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    return len;
}

constexpr bool isUnicodeSpace(char32_t cp) noexcept {
    return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000;
}

// Unicode direction marks (LRM, RLM, embeddings, isolates, ALM) and the BOM: invisible text
// that bank exports put around numbers (skipped like spaces).
constexpr bool isDirectionMark(char32_t cp) noexcept {
    return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061C || cp == 0xFEFF;
}

// Length of a whitespace or direction-mark code point starting at s[i], 0 otherwise.
inline std::size_t invisibleAt(std::string_view s, std::size_t i) noexcept {
    char32_t cp = 0;
    const std::size_t len = decodeUtf8(s, i, cp);
    return len > 0 && (isUnicodeSpace(cp) || isDirectionMark(cp)) ? len : 0;
}

// Start of the code point that ends at s[end - 1] (continuation bytes skipped back, ≤ 3).
inline std::size_t codePointStart(std::string_view s, std::size_t end) noexcept {
    std::size_t i = end - 1;
    while (i > 0 && end - i < 4 && (static_cast<unsigned char>(s[i]) >> 6) == 0x2)
        --i;
    return i;
}

inline std::string_view trimInvisibleFront(std::string_view s) noexcept {
    for (std::size_t n = 0; !s.empty() && (n = invisibleAt(s, 0)) > 0;)
        s.remove_prefix(n);
    return s;
}

inline std::string_view trimInvisibleBack(std::string_view s) noexcept {
    while (!s.empty()) {
        const std::size_t start = codePointStart(s, s.size());
        if (invisibleAt(s, start) != s.size() - start) break;
        s.remove_suffix(s.size() - start);
    }
    return s;
}

// A byte that can never be part of a currency symbol or code.
constexpr bool endsCurrency(char c) noexcept {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '(' || c == ')';
}

// U+2212 MINUS SIGN, which typeset exports write for "-": it counts as a minus sign (an en dash
// does not).
inline constexpr std::string_view kUnicodeMinus = "\xE2\x88\x92";

// The text with each U+2212 written as "-" (nullopt when it has none: the common case copies
// nothing).
inline std::optional<std::string> asciiMinus(std::string_view s) {
    if (s.find(kUnicodeMinus) == std::string_view::npos) return std::nullopt;
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        if (s.substr(i, kUnicodeMinus.size()) == kUnicodeMinus) {
            out.push_back('-');
            i += kUnicodeMinus.size();
        } else {
            out.push_back(s[i++]);
        }
    }
    return out;
}

// Length of the currency symbol or code (`$`, `£`, `kr`, `EUR`, `د.ا.`) that starts s, 0 when
// none; a `.`/`,` touching the digits belongs to the number.
inline std::size_t currencyPrefix(std::string_view s) noexcept {
    std::size_t j = 0;
    while (j < s.size() && !endsCurrency(s[j]) && invisibleAt(s, j) == 0) {
        char32_t cp = 0;
        const std::size_t len = decodeUtf8(s, j, cp);
        j += len == 0 ? 1 : len;
    }
    const bool touchesDigits = j < s.size() && s[j] >= '0' && s[j] <= '9';
    while (touchesDigits && j > 0 && (s[j - 1] == '.' || s[j - 1] == ','))
        --j;
    return std::min(j, s.size());
}

// Length of the currency symbol or code that ends s, 0 when none.
inline std::size_t currencySuffix(std::string_view s) noexcept {
    std::size_t j = s.size();
    while (j > 0 && !endsCurrency(s[j - 1])) {
        const std::size_t start = codePointStart(s, j);
        if (invisibleAt(s, start) == j - start) break;
        j = start;
    }
    const bool touchesDigits = j > 0 && s[j - 1] >= '0' && s[j - 1] <= '9';
    while (touchesDigits && j < s.size() && (s[j] == '.' || s[j] == ','))
        ++j;
    return s.size() - j;
}

// Length of a thousands delimiter at s[i] for `format`, 0 when there is none.
inline std::size_t delimiterAt(std::string_view s, std::size_t i, NumberFormat format) noexcept {
    switch (format) {
    case NumberFormat::CommaDot:
    case NumberFormat::CommaOnly:
        return s[i] == ',' ? 1 : 0;
    case NumberFormat::DotComma:
        return s[i] == '.' ? 1 : 0;
    case NumberFormat::SpaceComma: {
        char32_t cp = 0;
        std::size_t len = decodeUtf8(s, i, cp);
        return (len > 0 && isUnicodeSpace(cp)) ? len : 0;
    }
    }
    return 0;
}

constexpr char separatorOf(NumberFormat format) noexcept {
    return format == NumberFormat::CommaDot ? '.' : format == NumberFormat::CommaOnly ? '\0' : ',';
}

inline std::size_t countDigits(std::string_view s, std::size_t i) noexcept {
    std::size_t n = 0;
    while (i + n < s.size() && s[i + n] >= '0' && s[i + n] <= '9')
        ++n;
    return n;
}

} // namespace finimport::sdk::detail

#endif // FINIMPORT_DETAIL_DECIMAL_SCAN_HPP
