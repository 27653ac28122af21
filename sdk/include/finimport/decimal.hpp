// Exact parser for the four number formats of CSV-family imports (IMPORTS.md §5.5, §12.4,
// DECISIONS.md D2/D5). Money is never a double: values are a canonical decimal text plus an
// int64 scaled by 10^8. Safe for any byte input (no UB, no recursion, no allocation beyond
// the result text).
#ifndef FINIMPORT_DECIMAL_HPP
#define FINIMPORT_DECIMAL_HPP

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::sdk {

// The `number_format` option values.
enum class NumberFormat {
    CommaDot,   // "1,234.56": thousands ",", decimal "."
    DotComma,   // "1.234,56": thousands ".", decimal ","
    SpaceComma, // "1 234,56": thousands any Unicode space, decimal ","
    CommaOnly,  // "1,234":    thousands ",", no decimals
};

inline constexpr int kDecimalScaleDigits = 8;
inline constexpr std::int64_t kDecimalScale = 100000000; // 10^8

inline std::optional<NumberFormat> parseNumberFormat(std::string_view name) noexcept {
    if (name == "1,234.56") return NumberFormat::CommaDot;
    if (name == "1.234,56") return NumberFormat::DotComma;
    if (name == "1 234,56") return NumberFormat::SpaceComma;
    if (name == "1,234") return NumberFormat::CommaOnly;
    return std::nullopt;
}

inline constexpr std::string_view numberFormatName(NumberFormat format) noexcept {
    switch (format) {
    case NumberFormat::DotComma:
        return "1.234,56";
    case NumberFormat::SpaceComma:
        return "1 234,56";
    case NumberFormat::CommaOnly:
        return "1,234";
    case NumberFormat::CommaDot:
        break;
    }
    return "1,234.56";
}

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
};

struct DecimalResult {
    std::optional<Decimal> value;
    DecimalError error = DecimalError::None;
    explicit operator bool() const noexcept { return value.has_value(); }
};

// D5: `Amount "1.234,56" does not match the number format 1,234.56`
inline std::string numberFormatMessage(std::string_view field, std::string_view raw,
                                       NumberFormat format) {
    std::string m(field);
    m.append(" \"").append(raw).append("\" does not match the number format ");
    m.append(numberFormatName(format));
    return m;
}

// D5: `Amount has more than 8 decimal places`
inline std::string decimalPlacesMessage(std::string_view field) {
    return std::string(field) + " has more than 8 decimal places";
}

inline std::string outOfRangeMessage(std::string_view field, std::string_view raw) {
    std::string m(field);
    m.append(" \"").append(raw).append("\" is out of range");
    return m;
}

// The message for a failed parse (Blank gives `<Field> is required`).
inline std::string decimalErrorMessage(DecimalError error, std::string_view field,
                                       std::string_view raw, NumberFormat format) {
    switch (error) {
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

// Characters that belong to a number: never stripped as currency decoration.
constexpr bool isNumberChar(char c) noexcept {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '(' || c == ')' || c == '.' ||
           c == ',';
}

// Strips whitespace and currency symbols/codes ("$", "€", " kr", "USD") at both ends only.
inline std::string_view stripDecoration(std::string_view s) noexcept {
    while (!s.empty() && !isNumberChar(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && !isNumberChar(s.back()))
        s.remove_suffix(1);
    return s;
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

} // namespace detail

// Parses `raw` strictly under `format` (IMPORTS.md §12 item 4): currency decoration and spaces
// at the ends are ignored, a leading "-" or surrounding parentheses mean negative, thousands
// delimiters must separate groups of exactly three digits, anything else is an error.
inline DecimalResult parseDecimal(std::string_view raw, NumberFormat format) {
    DecimalResult result;
    std::string_view s = detail::stripDecoration(raw);
    if (s.empty()) {
        bool blank = true;
        for (char c : raw)
            blank = blank &&
                    (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v');
        result.error = blank ? DecimalError::Blank : DecimalError::Format;
        return result;
    }
    bool negative = false;
    if (s.size() >= 2 && s.front() == '(' && s.back() == ')') {
        negative = true;
        s = detail::stripDecoration(s.substr(1, s.size() - 2));
    } else if (s.front() == '-') {
        negative = true;
        s = detail::stripDecoration(s.substr(1));
    }
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

// Formats value * 10^-8 with exactly `fractionDigits` (0..8) digits; digits beyond them must
// be zero (round first with roundScaled).
inline std::string formatScaled(std::int64_t scaled, int fractionDigits) {
    if (fractionDigits < 0) fractionDigits = 0;
    if (fractionDigits > kDecimalScaleDigits) fractionDigits = kDecimalScaleDigits;
    const bool negative = scaled < 0;
    // Magnitude as unsigned so INT64_MIN is safe.
    const std::uint64_t magnitude =
        negative ? std::uint64_t(0) - std::uint64_t(scaled) : std::uint64_t(scaled);
    std::string fraction = std::to_string(magnitude % std::uint64_t(kDecimalScale));
    fraction.insert(0, std::size_t(kDecimalScaleDigits) - fraction.size(), '0');
    std::string text = negative && magnitude != 0 ? "-" : "";
    text.append(std::to_string(magnitude / std::uint64_t(kDecimalScale)));
    if (fractionDigits > 0)
        text.append(".").append(fraction.substr(0, std::size_t(fractionDigits)));
    return text;
}

// a * b for two values scaled by 10^8, rounded half away from zero to 8 places (D2).
// nullopt when the result does not fit.
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
