// Strict strptime-style date parsing and date-format auto-detection (detectDateFormat).
// Unlike the reference app, the whole field must match the pattern: "2024-01-15T00:00:00Z"
// does not match "%Y-%m-%d". Safe for any byte input.
#ifndef FINIMPORT_DATE_HPP
#define FINIMPORT_DATE_HPP

#include "finimport/detail/ascii.hpp"
#include "finimport/detail/clock.hpp"

#include <array>
#include <chrono>
#include <compare>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace finimport::sdk {

// A proleptic Gregorian calendar date.
struct CivilDate {
    int year = 1970;
    int month = 1;
    int day = 1;
    friend constexpr auto operator<=>(const CivilDate&, const CivilDate&) = default;
};

constexpr bool isLeapYear(int year) noexcept {
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

constexpr int daysInMonth(int year, int month) noexcept {
    constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12) return 0;
    return month == 2 && isLeapYear(year) ? 29 : days[month - 1];
}

constexpr bool isValidDate(int year, int month, int day) noexcept {
    return year >= 1 && year <= 9999 && day >= 1 && day <= daysInMonth(year, month);
}

// "YYYY-MM-DD".
// Written digit by digit: this runs once per imported row, where snprintf's cost showed.
inline std::string formatIsoDate(CivilDate date) {
    const auto digits = [](char* out, int value, int count) {
        value = value < 0 ? -value : value; // out-of-range input must not print a sign mid-text
        for (int i = count - 1; i >= 0; --i, value /= 10)
            out[i] = char('0' + value % 10);
    };
    std::string text(10, '-');
    digits(text.data(), date.year % 10000, 4);
    digits(text.data() + 5, date.month % 100, 2);
    digits(text.data() + 8, date.day % 100, 2);
    return text;
}

namespace detail {

inline constexpr std::array<std::string_view, 12> kMonthNames = {
    "january", "february", "march",     "april",   "may",      "june",
    "july",    "august",   "september", "october", "november", "december"};

// Reads up to `maxDigits` digits at text[pos]; at least one is required.
inline bool readNumber(std::string_view text, std::size_t& pos, std::size_t maxDigits, int& out) {
    std::size_t n = 0;
    int value = 0;
    while (n < maxDigits && pos + n < text.size() && isDigit(text[pos + n])) {
        value = value * 10 + (text[pos + n] - '0');
        ++n;
    }
    if (n == 0) return false;
    pos += n;
    out = value;
    return true;
}

// Full month name or three-letter abbreviation, case-insensitive; the longest match wins.
inline bool readMonthName(std::string_view text, std::size_t& pos, int& month) {
    std::string_view rest = text.substr(pos);
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t m = 0; m < kMonthNames.size(); ++m) {
            std::string_view name = pass == 0 ? kMonthNames[m] : kMonthNames[m].substr(0, 3);
            if (rest.size() >= name.size() && equalsIgnoreCase(rest.substr(0, name.size()), name)) {
                pos += name.size();
                month = int(m) + 1;
                return true;
            }
        }
    }
    return false;
}

constexpr bool isNumericDirective(char c) noexcept {
    return c == 'Y' || c == 'm' || c == 'd' || c == 'e' || c == 'y';
}

} // namespace detail

// Reads an English month name or its three-letter abbreviation at text[pos], case-insensitive
// (the longest match wins): sets `month` (1-12), advances `pos` and returns true.
inline bool readMonthName(std::string_view text, std::size_t& pos, int& month) {
    return detail::readMonthName(text, pos, month);
}

// Parses `text` with a strptime-style `pattern`. Directives: %Y (up to 4 digits), %m %d %e
// (1 or 2 digits; %e also skips leading spaces), %y (69-99 -> 19xx, 00-68 -> 20xx), %b %B %h
// (English month name or abbreviation, case-insensitive), %% (a literal %). A run of
// whitespace in the pattern matches one or more whitespace characters; every other character
// must match exactly. The whole text must be consumed and the date must exist. The pattern
// must contain a year; month and day default to 1.
// Times: %H (0-23), %I (1-12), %M, %S (0-60, with an optional fraction
// `.123`), %f (fraction digits), %p (AM/PM, a.m./p.m.), %z (`Z`, `+01:00`, `-0500`), %Z (a zone
// abbreviation), %T (%H:%M:%S) are checked and skipped: the date is the civil date as written,
// never shifted by an offset. `%*`, only at the end of the pattern, takes the leading date of a
// cell and ignores the rest when it starts with a space or punctuation (`04/17/2023 as of
// 04/15/2023` with `%m/%d/%Y%*`).
inline std::optional<CivilDate> parseDate(std::string_view text, std::string_view pattern) {
    using namespace detail;
    // The ISO pattern on its full-width shape `DDDD-DD-DD`, read directly: the loop below reads
    // the same digits (this runs once per imported row).
    if (text.size() == 10 && text[4] == '-' && text[7] == '-' && pattern.size() == 8 &&
        std::memcmp(pattern.data(), "%Y-%m-%d", 8) == 0) { // a fixed-size compare, inlined
        // A byte minus '0' as unsigned: above 9 for anything but a digit.
        const auto at = [&](std::size_t i) { return unsigned(text[i]) - unsigned('0'); };
        const unsigned y0 = at(0), y1 = at(1), y2 = at(2), y3 = at(3), m0 = at(5), m1 = at(6),
                       d0 = at(8), d1 = at(9);
        if (((y0 > 9) | (y1 > 9) | (y2 > 9) | (y3 > 9) | (m0 > 9) | (m1 > 9) | (d0 > 9) |
             (d1 > 9)) == 0) {
            const int y = int(y0 * 1000 + y1 * 100 + y2 * 10 + y3);
            const int m = int(m0 * 10 + m1), d = int(d0 * 10 + d1);
            if (!isValidDate(y, m, d)) return std::nullopt;
            return CivilDate{y, m, d};
        }
    }
    int year = 0, month = 1, day = 1;
    bool haveYear = false;
    std::size_t pos = 0;
    for (std::size_t p = 0; p < pattern.size(); ++p) {
        const char pc = pattern[p];
        if (isAsciiSpace(pc)) {
            while (p + 1 < pattern.size() && isAsciiSpace(pattern[p + 1]))
                ++p;
            if (pos >= text.size() || !isAsciiSpace(text[pos])) return std::nullopt;
            while (pos < text.size() && isAsciiSpace(text[pos]))
                ++pos;
            continue;
        }
        if (pc != '%') {
            if (pos >= text.size() || text[pos] != pc) return std::nullopt;
            ++pos;
            continue;
        }
        if (++p >= pattern.size()) return std::nullopt;
        int value = 0;
        switch (pattern[p]) {
        case 'Y':
            if (!readNumber(text, pos, 4, year)) return std::nullopt;
            haveYear = true;
            break;
        case 'y':
            if (!readNumber(text, pos, 2, value)) return std::nullopt;
            year = value >= 69 ? 1900 + value : 2000 + value;
            haveYear = true;
            break;
        case 'm':
            if (!readNumber(text, pos, 2, month)) return std::nullopt;
            break;
        case 'e':
            while (pos < text.size() && text[pos] == ' ')
                ++pos;
            [[fallthrough]];
        case 'd':
            if (!readNumber(text, pos, 2, day)) return std::nullopt;
            break;
        case 'b':
        case 'B':
        case 'h':
            if (!detail::readMonthName(text, pos, month)) return std::nullopt;
            break;
        case '%':
            if (pos >= text.size() || text[pos] != '%') return std::nullopt;
            ++pos;
            break;
        case '*':
            // The rest of the cell is not the date; a digit or letter right
            // after the date would be part of it.
            if (p + 1 != pattern.size()) return std::nullopt;
            if (pos < text.size() &&
                (isDigit(text[pos]) || (text[pos] >= 'A' && text[pos] <= 'Z') ||
                 (text[pos] >= 'a' && text[pos] <= 'z')))
                return std::nullopt;
            pos = text.size();
            break;
        default: {
            bool known = false;
            const bool fractionInPattern =
                p + 1 < pattern.size() && (pattern[p + 1] == '.' || pattern[p + 1] == ',');
            if (!readTimeDirective(pattern[p], text, pos, known, fractionInPattern))
                return std::nullopt; // unsupported directive, or a time that does not fit
            break;
        }
        }
    }
    if (pos != text.size() || !haveYear || !isValidDate(year, month, day)) return std::nullopt;
    return CivilDate{year, month, day};
}

// The patterns auto-detection tries, in order (an earlier pattern wins a tie).
inline constexpr std::array<std::string_view, 11> kDetectableDateFormats = {
    "%m-%d-%Y", "%d.%m.%Y", "%d-%m-%Y", "%Y-%m-%d", "%d/%m/%Y", "%Y/%m/%d",
    "%m/%d/%Y", "%e/%m/%Y", "%Y.%m.%d", "%Y%m%d",   "%d %b %Y"};

// Picks the pattern that parses the most of the first 50 distinct non-blank samples, then the
// most dates within 1970-01-01 .. today + 5 years; ties go to the earlier pattern. nullopt
// when no pattern parses any sample (callers apply their own fallback).
inline std::optional<std::string_view> detectDateFormat(std::span<const std::string> samples,
                                                        CivilDate today) {
    std::vector<std::string_view> distinct;
    for (const std::string& sample : samples) {
        std::string_view s = detail::trim(sample);
        if (s.empty()) continue;
        bool seen = false;
        for (std::string_view d : distinct)
            seen = seen || d == s;
        if (!seen) distinct.push_back(s);
        if (distinct.size() == 50) break;
    }
    const CivilDate lowest{1970, 1, 1};
    const CivilDate highest{today.year + 5, today.month, today.day};
    std::optional<std::string_view> best;
    std::size_t bestParsed = 0, bestInRange = 0;
    for (std::string_view pattern : kDetectableDateFormats) {
        std::size_t parsed = 0, inRange = 0;
        for (std::string_view sample : distinct) {
            if (auto date = parseDate(sample, pattern)) {
                ++parsed;
                if (*date >= lowest && *date <= highest) ++inRange;
            }
        }
        if (parsed == 0) continue;
        if (!best || parsed > bestParsed || (parsed == bestParsed && inRange > bestInRange)) {
            best = pattern;
            bestParsed = parsed;
            bestInRange = inRange;
        }
    }
    return best;
}

// The times `date_format=auto` recognises after each detectable date (checked, never applied):
// ISO `T`, a space, seconds with or without a fraction, an offset or zone, a 12-hour clock.
inline constexpr std::array<std::string_view, 11> kDetectableTimes = {"",
                                                                      "T%H:%M:%S",
                                                                      "T%H:%M:%S%z",
                                                                      "T%H:%M",
                                                                      " %H:%M:%S",
                                                                      " %H:%M",
                                                                      " %H:%M:%S %z",
                                                                      " %H:%M:%S %Z",
                                                                      " %H:%M:%S%z",
                                                                      " %I:%M %p",
                                                                      " %I:%M:%S %p"};

namespace detail {
// Every detectable date followed by every detectable time, date-major (the order ties go by).
inline const std::vector<std::string>& detectableDateTimes() {
    static const std::vector<std::string> all = [] {
        std::vector<std::string> out;
        for (std::string_view date : kDetectableDateFormats)
            for (std::string_view time : kDetectableTimes)
                out.push_back(std::string(date).append(time));
        return out;
    }();
    return all;
}
} // namespace detail

// `date_format=auto`, never a guess, fed one sample at a time (constant memory):
// the patterns under which every non-blank sample parses to a date within [lowest, highest]
// must agree on every date; then the first of them, else nullopt (`2/1/2020` alone fits
// %m/%d/%Y and %d/%m/%Y with two different dates). The patterns are the detectable dates, each
// alone or followed by a detectable time.
class DateFormatDecider {
    static constexpr std::size_t kCount = kDetectableDateFormats.size() * kDetectableTimes.size();

public:
    DateFormatDecider(CivilDate lowest, CivilDate highest) : lowest_(lowest), highest_(highest) {
        fits_.fill(true);
    }

    void add(std::string_view sample) {
        const std::string_view s = detail::trim(sample);
        if (s.empty()) return;
        any_ = true;
        const std::vector<std::string>& formats = detail::detectableDateTimes();
        std::array<CivilDate, kCount> dates{};
        std::array<std::size_t, kCount> fitting{};
        std::size_t count = 0;
        for (std::size_t i = 0; i < kCount; ++i) {
            if (!fits_[i]) continue;
            const auto date = parseDate(s, formats[i]);
            if (!date || *date < lowest_ || highest_ < *date) {
                fits_[i] = false;
                continue;
            }
            dates[i] = *date;
            fitting[count++] = i;
        }
        // Only the patterns still fitting are compared (a handful after the first rows).
        for (std::size_t a = 0; a < count; ++a)
            for (std::size_t b = a + 1; b < count; ++b)
                if (!(dates[fitting[a]] == dates[fitting[b]]))
                    disagree_[fitting[a]][fitting[b]] = true;
    }

    std::optional<std::string_view> result() const {
        std::optional<std::size_t> first;
        for (std::size_t i = 0; i < kCount && any_; ++i) {
            if (!fits_[i]) continue;
            if (!first)
                first = i;
            else if (disagree_[*first][i])
                return std::nullopt;
        }
        if (!first) return std::nullopt;
        return std::string_view(detail::detectableDateTimes()[*first]);
    }

private:
    CivilDate lowest_, highest_;
    bool any_ = false;
    std::array<bool, kCount> fits_{};
    std::array<std::array<bool, kCount>, kCount> disagree_{};
};

inline std::optional<std::string_view> decideDateFormat(std::span<const std::string> samples,
                                                        CivilDate lowest, CivilDate highest) {
    DateFormatDecider decider(lowest, highest);
    for (const std::string& sample : samples)
        decider.add(sample);
    return decider.result();
}

// The host's window for row dates, inclusive: today − 50 years < date ≤ today + 1 day, today in UTC
// (the range `date_format=auto` decides within).
inline std::pair<CivilDate, CivilDate> rowDateWindow() {
    using namespace std::chrono;
    auto civil = [](sys_days day) {
        const year_month_day ymd{day};
        return CivilDate{int(ymd.year()), int(unsigned(ymd.month())), int(unsigned(ymd.day()))};
    };
    const sys_days today = floor<days>(system_clock::now());
    year_month_day back = year_month_day{today} - years{50};
    if (!back.ok()) back = back.year() / back.month() / last; // 29 February
    return {civil(sys_days{back} + days{1}), civil(today + days{1})};
}

} // namespace finimport::sdk

#endif // FINIMPORT_DATE_HPP
