#include "domain/Date.h"

#include <atomic>
#include <chrono>
#include <cstdio>

namespace finimport::domain {

namespace {

// Howard Hinnant's days_from_civil / civil_from_days.
int32_t daysFromCivil(int y, int m, int d) {
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * static_cast<unsigned>(m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<int>(doe) - 719468;
}

struct Ymd {
    int y, m, d;
};

Ymd civilFromDays(int32_t z) {
    z += 719468;
    const int era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int y = static_cast<int>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {y + (m <= 2), static_cast<int>(m), static_cast<int>(d)};
}

std::atomic<int64_t> g_fixedToday{INT64_MIN};

} // namespace

bool isLeapYear(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int daysInMonth(int y, int m) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && isLeapYear(y)) return 29;
    return kDays[m - 1];
}

std::optional<Date> Date::fromYmd(int year, int month, int day) {
    if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 ||
        day > daysInMonth(year, month))
        return std::nullopt;
    return Date(daysFromCivil(year, month, day));
}

std::optional<Date> Date::parseIso(std::string_view t) {
    if (t.size() != 10 || t[4] != '-' || t[7] != '-') return std::nullopt;
    // A byte minus '0' as unsigned: above 9 for anything but a digit. One test for all eight
    // (this runs for every date of an upload).
    const auto at = [&](size_t i) { return static_cast<unsigned>(t[i]) - unsigned('0'); };
    const unsigned y0 = at(0), y1 = at(1), y2 = at(2), y3 = at(3), m0 = at(5), m1 = at(6),
                   d0 = at(8), d1 = at(9);
    if (((y0 > 9) | (y1 > 9) | (y2 > 9) | (y3 > 9) | (m0 > 9) | (m1 > 9) | (d0 > 9) | (d1 > 9)) !=
        0)
        return std::nullopt;
    return fromYmd(static_cast<int>(y0 * 1000 + y1 * 100 + y2 * 10 + y3),
                   static_cast<int>(m0 * 10 + m1), static_cast<int>(d0 * 10 + d1));
}

Date Date::today() {
    int64_t fixed = g_fixedToday.load();
    if (fixed != INT64_MIN) return Date(static_cast<int32_t>(fixed));
    auto now = std::chrono::system_clock::now();
    auto days = std::chrono::floor<std::chrono::days>(now).time_since_epoch().count();
    return Date(static_cast<int32_t>(days));
}

void Date::setTodayForTesting(std::optional<Date> fixed) {
    g_fixedToday.store(fixed ? fixed->days() : INT64_MIN);
}

int Date::year() const {
    return civilFromDays(_days).y;
}
int Date::month() const {
    return civilFromDays(_days).m;
}
int Date::day() const {
    return civilFromDays(_days).d;
}

std::string Date::iso() const {
    Ymd c = civilFromDays(_days);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", c.y, c.m, c.d);
    return buf;
}

Date Date::addYears(int n) const {
    Ymd c = civilFromDays(_days);
    int y = c.y + n;
    int d = c.d;
    if (c.m == 2 && d == 29 && !isLeapYear(y)) d = 28;
    return Date(daysFromCivil(y, c.m, d));
}

} // namespace finimport::domain
