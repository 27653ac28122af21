// Exact parser for the four number formats of CSV-family imports, and the row-error messages the
// host shows for a number that does not parse. Money is never a double: values are a canonical
// decimal text plus an int64 scaled by 10^8. Safe for any byte input (no UB, no recursion, no
// allocation beyond the result text).
#ifndef FINIMPORT_DECIMAL_HPP
#define FINIMPORT_DECIMAL_HPP

#include "finimport/detail/decimal_scan.hpp"
#include "finimport/number_format.hpp"

#include "finimport/currency_marks.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::sdk {

inline constexpr int kDecimalScaleDigits = 8;
inline constexpr std::int64_t kDecimalScale = 100000000; // 10^8

// A parsed number: `text` is a plain decimal keeping the input's fraction digits
// ("$1,234.50" -> "1234.50", "(50.00)" -> "-50.00"); `scaled` = value * 10^8.
struct Decimal {
    std::string text;
    std::int64_t scaled = 0;
    int fractionDigits = 0;
};

enum class DecimalError {
    None,
    Blank,           // empty or whitespace only: the caller decides whether that is "required"
    Format,          // does not fit the declared number format
    TooManyDecimals, // more than 8 fraction digits
    OutOfRange,      // |value| * 10^8 does not fit a signed 64-bit integer
    UnknownCurrency, // text around the number that is no currency symbol or code ("x12")
};

struct DecimalResult {
    std::optional<Decimal> value;
    DecimalError error = DecimalError::None;
    std::string currency; // the symbol or code written around the number ("£", "EUR"), or empty;
                          // with UnknownCurrency the text that is none ("x")
    explicit operator bool() const noexcept { return value.has_value(); }
};

// The row error for a number outside the format: `Amount "1.234,56" does not match the number
// format 1,234.56`
inline std::string numberFormatMessage(std::string_view field, std::string_view raw,
                                       NumberFormat format) {
    std::string m(field);
    m.append(" \"").append(raw).append("\" does not match the number format ");
    m.append(numberFormatName(format));
    return m;
}

// The row error for too many fraction digits: `Amount has more than 8 decimal places`
inline std::string decimalPlacesMessage(std::string_view field) {
    return std::string(field) + " has more than 8 decimal places";
}

inline std::string outOfRangeMessage(std::string_view field, std::string_view raw) {
    std::string m(field);
    m.append(" \"").append(raw).append("\" is out of range");
    return m;
}

// The message for text around a number that is no currency:
// `Amount "x12": "x" is not a currency symbol or code`
inline std::string unknownCurrencyMessage(std::string_view field, std::string_view raw,
                                          std::string_view mark) {
    std::string m(field);
    m.append(" \"").append(raw).append("\": \"").append(mark);
    m.append("\" is not a currency symbol or code");
    return m;
}

inline DecimalResult parseDecimal(std::string_view raw, NumberFormat format);

// The message for a failed parse (Blank gives `<Field> is required`).
inline std::string decimalErrorMessage(DecimalError error, std::string_view field,
                                       std::string_view raw, NumberFormat format) {
    switch (error) {
    case DecimalError::UnknownCurrency:
        // Errors are rare: the offending text is found again rather than carried.
        return unknownCurrencyMessage(field, raw, parseDecimal(raw, format).currency);
    case DecimalError::Blank:
        return std::string(field) + " is required";
    case DecimalError::TooManyDecimals:
        return decimalPlacesMessage(field);
    case DecimalError::OutOfRange:
        return outOfRangeMessage(field, raw);
    default:
        return numberFormatMessage(field, raw, format);
    }
}

namespace detail {

// The common shape `-?D{1,10}(<sep>D{1,8})?` parsed in one pass, as parseDecimal would (no
// overflow is possible within 18 digits). False for anything else: the full parser decides.
inline bool parsePlainDecimal(std::string_view s, NumberFormat format, DecimalResult& result) {
    const bool negative = !s.empty() && s[0] == '-';
    std::size_t i = negative ? 1 : 0;
    const std::size_t integerStart = i;
    std::uint64_t scaled = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9')
        scaled = scaled * 10 + std::uint64_t(s[i++] - '0');
    const std::size_t integerEnd = i;
    if (integerEnd == integerStart || integerEnd - integerStart > 10) return false;
    std::size_t fractionDigits = 0;
    if (i < s.size()) {
        if (s[i] != separatorOf(format) || separatorOf(format) == '\0') return false;
        for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++fractionDigits)
            scaled = scaled * 10 + std::uint64_t(s[i] - '0');
        if (i != s.size() || fractionDigits == 0 || fractionDigits > kDecimalScaleDigits)
            return false;
    }
    for (std::size_t k = fractionDigits; k < std::size_t(kDecimalScaleDigits); ++k)
        scaled *= 10;
    std::size_t firstDigit = integerStart;
    while (firstDigit + 1 < integerEnd && s[firstDigit] == '0')
        ++firstDigit; // "007" -> "7", "000" -> "0"
    // The text (at most 20 bytes: sign, 10 digits, point, 8 digits) assembled, then stored once.
    char text[24];
    std::size_t size = 0;
    if (negative && scaled != 0) text[size++] = '-';
    std::memcpy(text + size, s.data() + firstDigit, integerEnd - firstDigit);
    size += integerEnd - firstDigit;
    if (fractionDigits > 0) {
        text[size++] = '.';
        std::memcpy(text + size, s.data() + integerEnd + 1, fractionDigits);
        size += fractionDigits;
    }
    Decimal& value = result.value.emplace();
    value.text.assign(text, size);
    value.fractionDigits = int(fractionDigits);
    value.scaled = negative ? -std::int64_t(scaled) : std::int64_t(scaled);
    result.error = DecimalError::None;
    return true;
}

} // namespace detail

// Parses `raw` strictly under `format`: currency decoration and spaces
// at the ends are ignored, a leading "-" or surrounding parentheses mean negative, thousands
// delimiters must separate groups of exactly three digits, anything else is an error.
namespace detail {

// parseDecimal without its fast path (kept callable: tests compare the two).
inline DecimalResult parseDecimalFull(std::string_view raw, NumberFormat format) {
    if (const auto ascii = asciiMinus(raw)) return parseDecimalFull(*ascii, format);
    DecimalResult result;
    // The accepted shape: [sign|( [symbol|code] number [symbol|code] [-|)], at most one sign
    // marker, whitespace and direction marks anywhere between the parts.
    std::string_view s = detail::trimInvisibleBack(detail::trimInvisibleFront(raw));
    if (s.empty()) {
        result.error = DecimalError::Blank;
        return result;
    }
    result.error = DecimalError::Format;
    int markers = 0;
    bool negative = false, open = false, close = false, trailing = false;
    auto leadingMarker = [&] {
        if (s.empty() || (s.front() != '(' && s.front() != '-' && s.front() != '+')) return;
        open = s.front() == '(';
        negative = s.front() != '+';
        ++markers;
        s = detail::trimInvisibleFront(s.substr(1));
    };
    auto trailingMarker = [&] {
        if (s.empty() || (s.back() != ')' && s.back() != '-')) return;
        close = s.back() == ')';
        trailing = !close;
        if (trailing) {
            negative = true;
            ++markers;
        }
        s = detail::trimInvisibleBack(s.substr(0, s.size() - 1));
    };
    // Only a currency symbol or code (finimport/currency_marks.hpp) may stand around the number.
    // Text with no digit at all (`n/a`) is no number: a format error, not an unknown currency.
    auto unknown = [&](std::string_view mark) {
        if (detail::countDigits(s, s.find_first_of("0123456789")) == 0) return result;
        result.currency.assign(mark);
        result.error = DecimalError::UnknownCurrency;
        return result;
    };
    leadingMarker();
    if (const std::size_t n = detail::currencyPrefix(s); n > 0) {
        if (!isCurrencyMark(s.substr(0, n))) return unknown(s.substr(0, n));
        result.currency.assign(s.substr(0, n));
        s = detail::trimInvisibleFront(s.substr(n));
        if (markers == 0) leadingMarker(); // `$-5`, `$(5.00)`
    }
    trailingMarker();
    if (const std::size_t n = detail::currencySuffix(s); n > 0) {
        if (!isCurrencyMark(s.substr(s.size() - n))) return unknown(s.substr(s.size() - n));
        if (result.currency.empty()) result.currency.assign(s.substr(s.size() - n));
        s = detail::trimInvisibleBack(s.substr(0, s.size() - n));
        if (!close && !trailing) trailingMarker(); // `(5.00 €)`, `5.00 EUR-`
    }
    if (open != close || markers > 1) return result;
    result.error = DecimalError::Format;
    std::string integerDigits;
    std::size_t i = detail::countDigits(s, 0);
    if (i == 0) return result;
    integerDigits.assign(s.substr(0, i));
    bool grouped = false;
    while (i < s.size()) {
        std::size_t delim = detail::delimiterAt(s, i, format);
        if (delim == 0) break;
        std::size_t group = detail::countDigits(s, i + delim);
        if (group != 3 || (!grouped && integerDigits.size() > 3)) return result;
        grouped = true;
        integerDigits.append(s.substr(i + delim, 3));
        i += delim + 3;
    }
    std::string_view fraction;
    const char separator = detail::separatorOf(format);
    if (i < s.size() && separator != '\0' && s[i] == separator) {
        std::size_t n = detail::countDigits(s, i + 1);
        fraction = s.substr(i + 1, n);
        i += 1 + n;
    }
    if (i != s.size()) return result;
    // Trailing zeros do not count against the eight places ("1.1234567800" is fine).
    while (fraction.size() > kDecimalScaleDigits && fraction.back() == '0')
        fraction.remove_suffix(1);
    if (fraction.size() > kDecimalScaleDigits) {
        result.error = DecimalError::TooManyDecimals;
        return result;
    }
    std::size_t firstNonZero = integerDigits.find_first_not_of('0');
    integerDigits.erase(0, firstNonZero == std::string::npos ? integerDigits.size() : firstNonZero);
    // Accumulate value * 10^8 with overflow checks (int64 max has 19 digits).
    constexpr std::uint64_t limit = std::uint64_t(std::numeric_limits<std::int64_t>::max());
    std::uint64_t scaled = 0;
    std::string digits = integerDigits;
    digits.append(fraction);
    digits.append(kDecimalScaleDigits - fraction.size(), '0');
    for (char c : digits) {
        const std::uint64_t d = std::uint64_t(c - '0');
        if (scaled > (limit - d) / 10) {
            result.error = DecimalError::OutOfRange;
            return result;
        }
        scaled = scaled * 10 + d;
    }
    Decimal value;
    value.fractionDigits = int(fraction.size());
    value.scaled = negative ? -std::int64_t(scaled) : std::int64_t(scaled);
    if (negative && scaled != 0) value.text.push_back('-');
    value.text.append(integerDigits.empty() ? std::string_view("0")
                                            : std::string_view(integerDigits));
    if (!fraction.empty()) value.text.append(".").append(fraction);
    result.value = std::move(value);
    result.error = DecimalError::None;
    return result;
}

} // namespace detail

// Parses `raw` strictly under `format` (see parseDecimalFull; plain numbers take a fast path
// with the same result).
inline DecimalResult parseDecimal(std::string_view raw, NumberFormat format) {
    DecimalResult result;
    if (detail::parsePlainDecimal(raw, format, result)) return result;
    return detail::parseDecimalFull(raw, format);
}

// True when `text` already is what parseDecimal(text, format) writes as the value's text (the
// common cell: `-4.50`, `1200`): at most 10 integer digits without a leading zero (but a lone
// one), a '.' and 1-8 fraction digits when `format`'s decimal mark is '.', no "-0". Sets the
// value (scaled by 10^8) and its fraction digits; the caller can pass the text on as is.
inline bool parseCanonicalDecimal(std::string_view text, NumberFormat format, std::int64_t& scaled,
                                  int& fractionDigits) noexcept {
    const std::size_t size = text.size();
    const bool negative = size > 0 && text[0] == '-';
    std::size_t i = negative ? 1 : 0;
    const std::size_t integerStart = i;
    std::uint64_t value = 0;
    while (i < size && text[i] >= '0' && text[i] <= '9')
        value = value * 10 + std::uint64_t(text[i++] - '0');
    const std::size_t integerDigits = i - integerStart;
    if (integerDigits == 0 || integerDigits > 10) return false;
    if (integerDigits > 1 && text[integerStart] == '0') return false; // "007" is written "7"
    std::size_t digits = 0;
    if (i < size) {
        if (text[i] != '.' || detail::separatorOf(format) != '.') return false;
        for (++i; i < size && text[i] >= '0' && text[i] <= '9'; ++i, ++digits)
            value = value * 10 + std::uint64_t(text[i] - '0');
        if (i != size || digits == 0 || digits > std::size_t(kDecimalScaleDigits)) return false;
    }
    if (negative && value == 0) return false; // "-0.00" is written "0.00"
    for (std::size_t k = digits; k < std::size_t(kDecimalScaleDigits); ++k)
        value *= 10;
    scaled = negative ? -std::int64_t(value) : std::int64_t(value);
    fractionDigits = int(digits);
    return true;
}

// The most bytes formatScaledTo writes: a sign, 11 integer digits, a point and 8 digits.
inline constexpr std::size_t kFormatScaledMaxSize = 32;

// Formats value * 10^-8 with exactly `fractionDigits` (0..8) digits into `buffer` (at least
// kFormatScaledMaxSize bytes, not NUL-terminated) and returns the text, which lies inside
// `buffer`; digits beyond them must be zero (round first with roundScaled).
inline std::string_view formatScaledTo(char* buffer, std::int64_t scaled, int fractionDigits) {
    if (fractionDigits < 0) fractionDigits = 0;
    if (fractionDigits > kDecimalScaleDigits) fractionDigits = kDecimalScaleDigits;
    const bool negative = scaled < 0;
    // Magnitude as unsigned so INT64_MIN is safe.
    const std::uint64_t magnitude =
        negative ? std::uint64_t(0) - std::uint64_t(scaled) : std::uint64_t(scaled);
    // Written backwards from the end of the buffer.
    char* const end = buffer + kFormatScaledMaxSize;
    char* p = end;
    if (fractionDigits > 0) {
        std::uint64_t fraction = magnitude % std::uint64_t(kDecimalScale);
        for (int k = fractionDigits; k < kDecimalScaleDigits; ++k)
            fraction /= 10; // the leading `fractionDigits` of the 8
        for (int k = 0; k < fractionDigits; ++k, fraction /= 10)
            *--p = char('0' + fraction % 10);
        *--p = '.';
    }
    std::uint64_t whole = magnitude / std::uint64_t(kDecimalScale);
    do {
        *--p = char('0' + whole % 10);
        whole /= 10;
    } while (whole > 0);
    if (negative && magnitude != 0) *--p = '-';
    return std::string_view(p, std::size_t(end - p));
}

// formatScaledTo as a string (no allocation for short values).
inline std::string formatScaled(std::int64_t scaled, int fractionDigits) {
    char buffer[kFormatScaledMaxSize];
    return std::string(formatScaledTo(buffer, scaled, fractionDigits));
}

// a * b for two values scaled by 10^8, rounded half away from zero to 8 places (money
// multiplied by a factor or a price). nullopt when the result does not fit.
inline std::optional<std::int64_t> multiplyScaled(std::int64_t a, std::int64_t b) noexcept {
    static_assert(sizeof(__int128) == 16, "multiplyScaled needs a 128-bit integer type");
    const __int128 product = __int128(a) * __int128(b);
    const bool negative = product < 0;
    unsigned __int128 magnitude =
        negative ? (unsigned __int128)(-product) : (unsigned __int128)product;
    magnitude = (magnitude + std::uint64_t(kDecimalScale) / 2) / std::uint64_t(kDecimalScale);
    if (magnitude > (unsigned __int128)std::numeric_limits<std::int64_t>::max())
        return std::nullopt;
    const auto value = std::int64_t(magnitude);
    return negative ? -value : value;
}

// a + b for two scaled values; nullopt when the sum does not fit (never wraps: a hostile file
// of huge split amounts must not sum to a small number).
inline std::optional<std::int64_t> addScaled(std::int64_t a, std::int64_t b) noexcept {
    std::int64_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
    return sum;
}

} // namespace finimport::sdk

#endif // FINIMPORT_DECIMAL_HPP
