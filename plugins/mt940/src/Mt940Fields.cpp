#include "Mt940Fields.h"

#include "finimport/date.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace mt940 {
namespace {

namespace sdk = finimport::sdk;
using finimport::statement::Issue;

bool digitsAt(std::string_view s, std::size_t pos, std::size_t count) {
    if (pos + count > s.size()) return false;
    for (std::size_t i = pos; i < pos + count; ++i)
        if (!sdk::isDigit(s[i])) return false;
    return true;
}

int number(std::string_view s, std::size_t pos, std::size_t count) {
    int v = 0;
    for (std::size_t i = pos; i < pos + count; ++i)
        v = v * 10 + (s[i] - '0');
    return v;
}

bool isUpper(char c) {
    return c >= 'A' && c <= 'Z';
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
long daysFromCivil(int y, int m, int d) {
    y -= m <= 2;
    const long era = (y >= 0 ? y : y - 399) / 400;
    const long yoe = y - era * 400;
    const long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

// docs/decisions.md D59: the entry date MMDD takes the year (value year − 1, same, + 1) closest to
// the value date.
std::optional<sdk::CivilDate> entryDate(sdk::CivilDate value, int month, int day) {
    std::optional<sdk::CivilDate> best;
    long bestDistance = 0;
    const long valueDays = daysFromCivil(value.year, value.month, value.day);
    for (int year : {value.year - 1, value.year, value.year + 1}) {
        if (!sdk::isValidDate(year, month, day)) continue;
        const long distance = std::labs(daysFromCivil(year, month, day) - valueDays);
        if (!best || distance < bestDistance) {
            best = sdk::CivilDate{year, month, day};
            bestDistance = distance;
        }
    }
    return best;
}

// `3236,28`, `9,`, `11,8`: digits, one decimal comma (SWIFT writes it; docs/decisions.md D93 reads
// `500` without it as whole units), fraction ≤ 8.
std::size_t amountLength(std::string_view s, std::size_t pos) {
    std::size_t i = pos;
    while (i < s.size() && (sdk::isDigit(s[i]) || s[i] == ','))
        ++i;
    return i - pos;
}

std::string_view firstLine(std::string_view text) {
    return text.substr(0, text.find('\n'));
}

std::string trimmed(std::string_view s) {
    return std::string(sdk::trim(s));
}

} // namespace

std::optional<sdk::CivilDate> parseShortDate(std::string_view s) {
    if (!digitsAt(s, 0, 6)) return std::nullopt;
    const int yy = number(s, 0, 2);
    const int year = yy <= 68 ? 2000 + yy : 1900 + yy;
    const int month = number(s, 2, 2), day = number(s, 4, 2);
    if (!sdk::isValidDate(year, month, day)) return std::nullopt;
    return sdk::CivilDate{year, month, day};
}

std::optional<Balance> parseBalance(std::string_view raw) {
    const std::string_view s = sdk::trim(firstLine(raw));
    if (s.size() < 11 || (s[0] != 'C' && s[0] != 'D')) return std::nullopt;
    const auto date = parseShortDate(s.substr(1, 6));
    if (!date || !isUpper(s[7]) || !isUpper(s[8]) || !isUpper(s[9])) return std::nullopt;
    const std::string_view amount = s.substr(10);
    auto money = finimport::statement::parsePlainAmount(amount, ',');
    if (!money) return std::nullopt;
    if (s[0] == 'D') money->scaled = -money->scaled;
    return Balance{*money, std::string(s.substr(7, 3)), sdk::formatIsoDate(*date)};
}

EntryLine parseEntry(std::string_view text) {
    EntryLine e;
    const std::size_t nl = text.find('\n');
    const std::string_view s = firstLine(text);
    if (nl != std::string_view::npos) e.supplementary = trimmed(firstLine(text.substr(nl + 1)));
    // Value date and optional entry date.
    std::size_t pos = 0;
    auto value = parseShortDate(s);
    // docs/decisions.md D93: a value date that does not exist (`160230`) with an entry date
    // gives only its year (D59 books the entry date): the day is taken as the month's last.
    if (!value && digitsAt(s, 0, 6) && digitsAt(s, 6, 4)) {
        const int yy = number(s, 0, 2), month = number(s, 2, 2), day = number(s, 4, 2);
        const int year = yy <= 68 ? 2000 + yy : 1900 + yy;
        if (month >= 1 && month <= 12 && day >= 1 && day <= 31)
            value = sdk::CivilDate{year, month, std::min(day, sdk::daysInMonth(year, month))};
    }
    if (!value) {
        e.rawDate = trimmed(s.substr(0, 6));
        e.issues.push_back({"invalid_date", "date",
                            "The :61: value date must be YYMMDD: " + trimmed(s.substr(0, 6)),
                            trimmed(s.substr(0, 6))});
        if (digitsAt(s, 0, 6)) pos = 6;
    } else {
        pos = 6;
    }
    std::optional<sdk::CivilDate> booked;
    if (digitsAt(s, pos, 4)) {
        if (value) {
            booked = entryDate(*value, number(s, pos, 2), number(s, pos + 2, 2));
            if (!booked) {
                e.rawDate = std::string(s.substr(0, 10));
                e.issues.push_back(
                    {"invalid_date", "date",
                     "The :61: entry date must be MMDD: " + std::string(s.substr(pos, 4)),
                     std::string(s.substr(pos, 4))});
            }
        }
        pos += 4;
    }
    if (value && !e.rawDate) e.date = sdk::formatIsoDate(booked ? *booked : *value);
    // docs/decisions.md D61: C and RD are money in, D and RC money out.
    int sign = 0;
    if (s.substr(pos, 2) == "RC" || s.substr(pos, 2) == "RD") {
        sign = s[pos + 1] == 'D' ? 1 : -1;
        pos += 2;
    } else if (pos < s.size() && (s[pos] == 'C' || s[pos] == 'D')) {
        sign = s[pos] == 'C' ? 1 : -1;
        pos += 1;
    }
    if (pos < s.size() && isUpper(s[pos])) ++pos; // funds code (third letter of the currency)
    std::size_t length = amountLength(s, pos);
    // A grouping mark (`1.000,00`, `1'000,00`) is no MT940 amount: show all of it.
    bool grouped = false;
    while (pos + length < s.size() && (s[pos + length] == '.' || s[pos + length] == '\'')) {
        grouped = true;
        ++length;
        length += amountLength(s, pos + length);
    }
    const std::string amountText(s.substr(pos, length));
    if (sign == 0) {
        e.rawAmount = trimmed(s);
        e.issues.push_back({"invalid_number", "amount",
                            "The :61: line has no C, D, RC or RD mark: " + trimmed(s), trimmed(s)});
        return e;
    }
    // docs/decisions.md D93: digits without the decimal comma (`C500NTRF`, a Knab export) are
    // whole units, as the source projects' parsers read them.
    auto money = grouped ? std::nullopt : finimport::statement::parsePlainAmount(amountText, ',');
    if (!money) {
        e.rawAmount = amountText;
        e.issues.push_back({"invalid_number", "amount",
                            amountText.empty() ? "Amount is required"
                                               : "Amount \"" + amountText +
                                                     "\" is not an MT940 amount (digits "
                                                     "and a decimal comma)",
                            amountText});
        return e;
    }
    money->scaled *= sign;
    e.amount = money;
    pos += length;
    // Transaction type (N/F/S + 3 characters), then reference[//bank reference].
    if (pos < s.size() && (s[pos] == 'N' || s[pos] == 'F' || s[pos] == 'S'))
        pos = std::min(s.size(), pos + 4);
    const std::string_view refs = s.substr(pos);
    const std::size_t slashes = refs.find("//");
    if (slashes != std::string_view::npos) {
        const std::string bank = trimmed(refs.substr(slashes + 2));
        if (finimport::statement::usableId(bank)) e.bankReference = bank;
    }
    return e;
}

Details parseDetails(std::string_view text) {
    Details d;
    // Structured: `?NN` subfields, optionally after a 3-digit transaction code; line breaks
    // inside are wrapping only.
    std::string flat;
    for (char c : text)
        if (c != '\n') flat.push_back(c);
    const std::size_t first = flat.find('?');
    const bool structured =
        (first == 0 || (first == 3 && digitsAt(flat, 0, 3))) && digitsAt(flat, first + 1, 2);
    if (!structured) {
        d.name = trimmed(firstLine(text));
        std::string_view rest = text;
        while (!rest.empty()) {
            const std::string line = trimmed(firstLine(rest));
            if (!line.empty()) d.notes.append(d.notes.empty() ? "" : " ").append(line);
            const std::size_t nl = rest.find('\n');
            rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        }
        return d;
    }
    std::array<std::string, 100> sub;
    std::size_t i = first;
    while (i < flat.size()) {
        // flat[i] == '?' followed by two digits
        const int code = number(flat, i + 1, 2);
        std::size_t end = i + 3;
        while (end < flat.size() && !(flat[end] == '?' && digitsAt(flat, end + 1, 2)))
            ++end;
        sub[std::size_t(code)].append(flat, i + 3, end - (i + 3));
        i = end;
    }
    d.name = trimmed(sub[32] + sub[33]);
    if (d.name.empty()) d.name = trimmed(sub[0]);
    if (d.name.empty()) d.name = trimmed(firstLine(text));
    std::string notes;
    for (std::size_t k = 20; k <= 29; ++k)
        notes += sub[k];
    d.notes = trimmed(notes);
    return d;
}

} // namespace mt940
