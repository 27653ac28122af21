#include "http/Formats.h"

#include <cctype>
#include <cstdio>

namespace finimport::http {

namespace {

bool allDigits(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
    }
    return true;
}

int toInt(std::string_view digits) {
    int value = 0;
    for (char c : digits)
        value = value * 10 + (c - '0');
    return value;
}

// `hh:mm[:ss[.f+]]` followed by nothing, `Z`, or `±hh`, `±hhmm`, `±hh:mm`.
bool isIsoTime(std::string_view t) {
    auto twoDigits = [&](std::size_t at, int max) {
        return t.size() >= at + 2 && allDigits(t.substr(at, 2)) && toInt(t.substr(at, 2)) <= max;
    };
    if (!twoDigits(0, 23) || t.size() < 5 || t[2] != ':' || !twoDigits(3, 59)) return false;
    std::size_t pos = 5;
    if (pos < t.size() && t[pos] == ':') {
        if (!twoDigits(pos + 1, 60)) return false;
        pos += 3;
        if (pos < t.size() && t[pos] == '.') {
            const std::size_t start = ++pos;
            while (pos < t.size() && t[pos] >= '0' && t[pos] <= '9')
                ++pos;
            if (pos == start) return false;
        }
    }
    const std::string_view zone = t.substr(pos);
    if (zone.empty() || zone == "Z") return true;
    if (zone[0] != '+' && zone[0] != '-') return false;
    if (zone.size() == 3) return twoDigits(pos + 1, 23);
    if (zone.size() == 5) return twoDigits(pos + 1, 23) && twoDigits(pos + 3, 59);
    if (zone.size() == 6) return twoDigits(pos + 1, 23) && zone[3] == ':' && twoDigits(pos + 4, 59);
    return false;
}

std::optional<domain::Date> dateFromParts(std::string_view y, std::string_view m,
                                          std::string_view d) {
    if (!allDigits(y) || !allDigits(m) || !allDigits(d)) return std::nullopt;
    return domain::Date::fromYmd(toInt(y), toInt(m), toInt(d));
}

std::string formatTimestamp(int64_t epochMicros, bool millis) {
    // Floor division so instants before 1970 still format correctly.
    int64_t seconds = epochMicros / 1000000;
    int64_t micros = epochMicros % 1000000;
    if (micros < 0) {
        micros += 1000000;
        --seconds;
    }
    int64_t days = seconds / 86400;
    int64_t secondOfDay = seconds % 86400;
    if (secondOfDay < 0) {
        secondOfDay += 86400;
        --days;
    }
    const auto date = domain::Date::fromDays(static_cast<int32_t>(days));
    char buffer[40];
    const int hh = static_cast<int>(secondOfDay / 3600);
    const int mm = static_cast<int>(secondOfDay / 60 % 60);
    const int ss = static_cast<int>(secondOfDay % 60);
    if (const int year = date.year(); year >= 0 && year <= 9999) {
        // Digits placed directly: two snprintf calls per timestamp were a visible part of a
        // page of balances (two timestamps a row). Same text as the general form below.
        auto two = [](char* at, int value) {
            at[0] = static_cast<char>('0' + value / 10);
            at[1] = static_cast<char>('0' + value % 10);
        };
        two(buffer, year / 100);
        two(buffer + 2, year % 100);
        buffer[4] = '-';
        two(buffer + 5, date.month());
        buffer[7] = '-';
        two(buffer + 8, date.day());
        buffer[10] = 'T';
        two(buffer + 11, hh);
        buffer[13] = ':';
        two(buffer + 14, mm);
        buffer[16] = ':';
        two(buffer + 17, ss);
        size_t n = 19;
        if (millis) {
            const int ms = static_cast<int>(micros / 1000);
            buffer[n++] = '.';
            buffer[n++] = static_cast<char>('0' + ms / 100);
            two(buffer + n, ms % 100);
            n += 2;
        }
        buffer[n++] = 'Z';
        return std::string(buffer, n);
    }
    if (millis) {
        std::snprintf(buffer, sizeof buffer, "%sT%02d:%02d:%02d.%03dZ", date.iso().c_str(), hh, mm,
                      ss, static_cast<int>(micros / 1000));
    } else {
        std::snprintf(buffer, sizeof buffer, "%sT%02d:%02d:%02dZ", date.iso().c_str(), hh, mm, ss);
    }
    return buffer;
}

} // namespace

std::optional<domain::Date> parseIsoDateParam(std::string_view text) {
    if (text.size() == 8)
        return dateFromParts(text.substr(0, 4), text.substr(4, 2), text.substr(6, 2));
    if (text.size() < 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
    if (text.size() > 10 && (text[10] != 'T' || !isIsoTime(text.substr(11)))) return std::nullopt;
    return dateFromParts(text.substr(0, 4), text.substr(5, 2), text.substr(8, 2));
}

std::string normalizeUuid(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string formatTimestampMillis(int64_t epochMicros) {
    return formatTimestamp(epochMicros, true);
}

std::string formatTimestampSeconds(int64_t epochMicros) {
    return formatTimestamp(epochMicros, false);
}

} // namespace finimport::http
