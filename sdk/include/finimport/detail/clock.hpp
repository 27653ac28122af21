// The time-of-day directives of finimport/date.hpp: a date cell that also
// holds a time is read for its civil date as written; the time is checked, never converted.
// Internal: plugins use finimport/date.hpp.
#ifndef FINIMPORT_DETAIL_CLOCK_HPP
#define FINIMPORT_DETAIL_CLOCK_HPP

#include "finimport/detail/ascii.hpp"

#include <string_view>

namespace finimport::sdk::detail {

// Up to `maxDigits` digits at text[pos] whose value lies in [low, high]; at least one digit.
inline bool readBounded(std::string_view text, std::size_t& pos, std::size_t maxDigits, int low,
                        int high) {
    std::size_t n = 0;
    int value = 0;
    while (n < maxDigits && pos + n < text.size() && isDigit(text[pos + n])) {
        value = value * 10 + (text[pos + n] - '0');
        ++n;
    }
    if (n == 0 || value < low || value > high) return false;
    pos += n;
    return true;
}

// One or more digits (a fraction of a second: `.123456` after %S, or %f).
inline bool readDigits(std::string_view text, std::size_t& pos) {
    const std::size_t start = pos;
    while (pos < text.size() && isDigit(text[pos]) && pos - start < 18)
        ++pos;
    return pos > start;
}

// `AM`, `PM`, `a.m.`, `p.m.`, any case.
inline bool readMeridiem(std::string_view text, std::size_t& pos) {
    if (pos >= text.size()) return false;
    const char c = toLower(text[pos]);
    if (c != 'a' && c != 'p') return false;
    std::size_t p = pos + 1;
    const bool dotted = p < text.size() && text[p] == '.';
    if (dotted) ++p;
    if (p >= text.size() || toLower(text[p]) != 'm') return false;
    ++p;
    if (dotted) {
        if (p >= text.size() || text[p] != '.') return false;
        ++p;
    }
    pos = p;
    return true;
}

// `Z`, `+01:00`, `-0500`, `+01`: a UTC offset (never applied: the date is the one written).
inline bool readOffset(std::string_view text, std::size_t& pos) {
    if (pos >= text.size()) return false;
    if (text[pos] == 'Z' || text[pos] == 'z') {
        ++pos;
        return true;
    }
    if (text[pos] != '+' && text[pos] != '-') return false;
    std::size_t p = pos + 1;
    if (p + 2 > text.size() || !isDigit(text[p]) || !isDigit(text[p + 1])) return false;
    if ((text[p] - '0') * 10 + (text[p + 1] - '0') > 23) return false;
    p += 2;
    std::size_t q = p < text.size() && text[p] == ':' ? p + 1 : p;
    if (q + 2 <= text.size() && isDigit(text[q]) && isDigit(text[q + 1])) {
        if ((text[q] - '0') * 10 + (text[q + 1] - '0') > 59) return false;
        p = q + 2;
    } else if (q != p) {
        return false; // `+01:` without minutes
    }
    pos = p;
    return true;
}

// A zone abbreviation: 1 to 6 ASCII letters (`UTC`, `CEST`).
inline bool readZoneName(std::string_view text, std::size_t& pos) {
    std::size_t n = 0;
    while (pos + n < text.size() && n < 6 &&
           ((text[pos + n] >= 'A' && text[pos + n] <= 'Z') ||
            (text[pos + n] >= 'a' && text[pos + n] <= 'z')))
        ++n;
    if (n == 0) return false;
    pos += n;
    return true;
}

// Reads the time directive `d` at text[pos]: true when `d` is one and its text matched; `known`
// false when `d` is no time directive. `fractionInPattern`: the pattern writes the fraction
// itself (`%S.%f`), so %S leaves it.
inline bool readTimeDirective(char d, std::string_view text, std::size_t& pos, bool& known,
                              bool fractionInPattern = false) {
    known = true;
    switch (d) {
    case 'H':
        return readBounded(text, pos, 2, 0, 23);
    case 'I':
        return readBounded(text, pos, 2, 1, 12);
    case 'M':
        return readBounded(text, pos, 2, 0, 59);
    case 'S':
        if (!readBounded(text, pos, 2, 0, 60)) return false;
        // A fraction of a second belongs to %S: `45.123`, `45,5`.
        if (!fractionInPattern && pos + 1 < text.size() && (text[pos] == '.' || text[pos] == ',') &&
            isDigit(text[pos + 1])) {
            ++pos;
            readDigits(text, pos);
        }
        return true;
    case 'f':
        return readDigits(text, pos);
    case 'p':
        return readMeridiem(text, pos);
    case 'z':
        return readOffset(text, pos);
    case 'Z':
        return readZoneName(text, pos);
    case 'T': {
        std::size_t p = pos;
        bool k = false;
        if (!readTimeDirective('H', text, p, k) || p >= text.size() || text[p++] != ':' ||
            !readTimeDirective('M', text, p, k) || p >= text.size() || text[p++] != ':' ||
            !readTimeDirective('S', text, p, k))
            return false;
        pos = p;
        return true;
    }
    default:
        known = false;
        return false;
    }
}

} // namespace finimport::sdk::detail

#endif // FINIMPORT_DETAIL_CLOCK_HPP
