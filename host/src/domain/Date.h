#pragma once
// A civil date (no time, no zone), stored as days since 1970-01-01.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::domain {

class Date {
public:
    constexpr Date() = default;
    static constexpr Date fromDays(int32_t days) { return Date(days); }
    // Nullopt for impossible dates (month 13, Feb 30) and years outside 1..9999.
    static std::optional<Date> fromYmd(int year, int month, int day);
    // Strict YYYY-MM-DD.
    static std::optional<Date> parseIso(std::string_view text);
    // Today in UTC (docs/decisions.md D1). Tests may pin it with setTodayForTesting.
    static Date today();
    static void setTodayForTesting(std::optional<Date> fixed);

    constexpr int32_t days() const { return _days; }
    int year() const;
    int month() const;
    int day() const;
    std::string iso() const;

    Date addDays(int32_t n) const { return Date(_days + n); }
    // Same month/day n years later; Feb 29 becomes Feb 28 in a non-leap year.
    Date addYears(int n) const;

    constexpr auto operator<=>(const Date&) const = default;

private:
    constexpr explicit Date(int32_t days) : _days(days) {}
    int32_t _days = 0;
};

// True when `year` is a leap year in the proleptic Gregorian calendar.
bool isLeapYear(int year);
int daysInMonth(int year, int month);

} // namespace finimport::domain
