#include "OfxValues.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace finimport::ofx {

namespace {

bool digit(char c) {
    return c >= '0' && c <= '9';
}

// With both marks (`1,234.56`, `1.234,56`) the last is the decimal mark and the other must
// group thousands; `out` gets the plain form. False when the grouping is malformed; `out`
// stays empty when there is nothing to ungroup (one mark or none).
bool groupedToPlain(std::string_view s, std::string& out) {
    const std::size_t dot = s.rfind('.'), comma = s.rfind(',');
    if (dot == std::string_view::npos || comma == std::string_view::npos) return true;
    const std::size_t mark = std::max(dot, comma);
    const char group = dot > comma ? ',' : '.';
    std::size_t run = 0;
    bool first = true;
    for (std::size_t i = 0; i < mark; ++i) {
        if (digit(s[i])) {
            out.push_back(s[i]);
            ++run;
        } else if (s[i] == group && run > 0 && run <= 3 && (first || run == 3)) {
            first = false;
            run = 0;
        } else {
            return false;
        }
    }
    if (!first && run != 3) return false;
    out.push_back('.');
    out.append(s.substr(mark + 1));
    return true;
}

} // namespace

NumberResult parseNumber(std::string_view raw, bool round) {
    NumberResult result;
    result.error = NumberError::Format;
    std::string_view s = raw;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    bool negative = false;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    std::string ungrouped;
    if (!groupedToPlain(s, ungrouped)) return result;
    if (!ungrouped.empty()) s = ungrouped;
    std::size_t i = 0;
    while (i < s.size() && digit(s[i]))
        ++i;
    std::string_view integer = s.substr(0, i), fraction;
    if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
        const std::size_t start = ++i;
        while (i < s.size() && digit(s[i]))
            ++i;
        fraction = s.substr(start, i - start);
    }
    if (i != s.size() || (integer.empty() && fraction.empty())) return result;
    while (fraction.size() > std::size_t(sdk::kDecimalScaleDigits) && fraction.back() == '0')
        fraction.remove_suffix(1);
    bool roundUp = false;
    if (fraction.size() > std::size_t(sdk::kDecimalScaleDigits)) {
        if (!round) {
            result.error = NumberError::TooManyDecimals;
            return result;
        }
        roundUp = fraction[sdk::kDecimalScaleDigits] >= '5';
        fraction = fraction.substr(0, sdk::kDecimalScaleDigits);
    }
    while (integer.size() > 1 && integer.front() == '0')
        integer.remove_prefix(1);
    constexpr std::uint64_t limit = std::uint64_t(std::numeric_limits<std::int64_t>::max());
    std::uint64_t scaled = 0;
    auto push = [&](char c) {
        const std::uint64_t d = std::uint64_t(c - '0');
        if (scaled > (limit - d) / 10) return false;
        scaled = scaled * 10 + d;
        return true;
    };
    bool ok = true;
    for (char c : integer)
        ok = ok && push(c);
    for (char c : fraction)
        ok = ok && push(c);
    for (std::size_t k = fraction.size(); k < std::size_t(sdk::kDecimalScaleDigits); ++k)
        ok = ok && push('0');
    if (ok && roundUp) {
        if (scaled == limit)
            ok = false;
        else
            ++scaled;
    }
    if (!ok) {
        result.error = NumberError::OutOfRange;
        return result;
    }
    sdk::Decimal value;
    value.fractionDigits = int(fraction.size());
    value.scaled = negative ? -std::int64_t(scaled) : std::int64_t(scaled);
    value.text = sdk::formatScaled(value.scaled, value.fractionDigits);
    result.value = std::move(value);
    result.error = NumberError::None;
    return result;
}

std::string numberMessage(NumberError error, std::string_view label, std::string_view raw) {
    switch (error) {
    case NumberError::TooManyDecimals:
        return sdk::decimalPlacesMessage(label);
    case NumberError::OutOfRange:
        return sdk::outOfRangeMessage(label, raw);
    default:
        break;
    }
    std::string m(label);
    return m.append(" \"").append(raw).append("\" is not an OFX number");
}

std::optional<sdk::CivilDate> parseDate(std::string_view raw) {
    std::string_view s = raw;
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    if (s.size() < 8) return std::nullopt;
    int parts[3] = {0, 0, 0};
    const int widths[3] = {4, 2, 2};
    std::size_t pos = 0;
    for (int p = 0; p < 3; ++p)
        for (int k = 0; k < widths[p]; ++k, ++pos) {
            if (!digit(s[pos])) return std::nullopt;
            parts[p] = parts[p] * 10 + (s[pos] - '0');
        }
    if (!sdk::isValidDate(parts[0], parts[1], parts[2])) return std::nullopt;
    // The rest: time digits, fraction, and a `[offset:TZ]` zone; nothing else.
    std::string_view rest = s.substr(8);
    std::size_t i = 0;
    while (i < rest.size() && (digit(rest[i]) || rest[i] == '.' || rest[i] == ':'))
        ++i;
    if (i < rest.size()) {
        if (rest[i] != '[' || rest.back() != ']') return std::nullopt;
        for (std::size_t k = i + 1; k + 1 < rest.size(); ++k) {
            const char c = rest[k];
            const bool ok = digit(c) || c == '.' || c == ':' || c == '+' || c == '-' ||
                            (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            if (!ok) return std::nullopt;
        }
    }
    return sdk::CivilDate{parts[0], parts[1], parts[2]};
}

std::string negated(const sdk::Decimal& value) {
    return sdk::formatScaled(-value.scaled, value.fractionDigits);
}

std::string absolute(const sdk::Decimal& value) {
    return sdk::formatScaled(value.scaled < 0 ? -value.scaled : value.scaled, value.fractionDigits);
}

} // namespace finimport::ofx
