#include "domain/Decimal.h"

#include <limits>

namespace finimport::domain {

namespace {

constexpr int64_t kPow10[] = {1,           10,           100,          1000,      10000,
                              100000,      1000000,      10000000,     100000000, 1000000000,
                              10000000000, 100000000000, 1000000000000};

int64_t checked(__int128 value) {
    if (value > std::numeric_limits<int64_t>::max() || value < std::numeric_limits<int64_t>::min())
        throw DecimalOverflow("decimal value out of range");
    return static_cast<int64_t>(value);
}

// Divides rounding half away from zero (divisor > 0).
__int128 divRound(__int128 value, __int128 divisor) {
    __int128 q = value / divisor;
    __int128 r = value % divisor;
    if (r < 0) r = -r;
    if (r * 2 >= divisor) q += (value < 0 ? -1 : 1);
    return q;
}

} // namespace

Decimal Decimal::fromInt(int64_t units) {
    return Decimal(checked(__int128(units) * kScale));
}

std::optional<Decimal> Decimal::parse(std::string_view text) {
    // One pass over the bytes (this runs for every amount of an upload): the integer digits are
    // accumulated as they are checked; only more than 10 of them take the checked path below.
    const char* p = text.data();
    const char* const end = p + text.size();
    const bool negative = p != end && *p == '-';
    p += negative;
    const char* const intStart = p;
    uint64_t units = 0;
    for (; p != end && static_cast<unsigned>(*p - '0') < 10u && p - intStart < 11; ++p)
        units = units * 10 + static_cast<unsigned>(*p - '0');
    while (p != end && static_cast<unsigned>(*p - '0') < 10u)
        ++p; // the digits past the 11th, read again on the long path
    const char* const intEnd = p;
    if (intEnd == intStart) return std::nullopt;
    int64_t fraction = 0;
    int places = 0;
    if (p != end && *p == '.') {
        const char* const fracStart = ++p;
        for (; p != end && static_cast<unsigned>(*p - '0') < 10u; ++p) {
            if (places == kPlaces) return std::nullopt;
            fraction = fraction * 10 + (*p - '0');
            ++places;
        }
        if (p == fracStart) return std::nullopt;
    }
    if (p != end) return std::nullopt;
    const int64_t scaledFraction = fraction * kPow10[kPlaces - places];
    if (intEnd - intStart <= 10) {
        // Every amount a file holds: 10 digits scaled by 10^8 stay below 2^63, no check needed.
        const int64_t raw = int64_t(units) * kScale + scaledFraction;
        return Decimal(negative ? -raw : raw);
    }
    __int128 wide = 0;
    for (const char* k = intStart; k != intEnd; ++k) {
        wide = wide * 10 + (*k - '0');
        if (wide > std::numeric_limits<int64_t>::max()) return std::nullopt;
    }
    __int128 raw = wide * kScale + scaledFraction;
    if (negative) raw = -raw;
    if (raw > std::numeric_limits<int64_t>::max() || raw < std::numeric_limits<int64_t>::min())
        return std::nullopt;
    return Decimal(static_cast<int64_t>(raw));
}

std::string Decimal::toString(int minFraction) const {
    std::string out = toFixed(kPlaces);
    size_t dot = out.find('.');
    size_t keep = out.size();
    while (keep > dot + 1 + static_cast<size_t>(minFraction) && out[keep - 1] == '0')
        --keep;
    out.resize(keep);
    if (minFraction == 0 && out.back() == '.') out.pop_back();
    return out;
}

std::string Decimal::toFixed(int places) const {
    if (places < 0 || places > kPlaces) throw std::invalid_argument("places out of range");
    __int128 scaled = divRound(_raw, kPow10[kPlaces - places]);
    bool negative = scaled < 0;
    unsigned __int128 magnitude = negative ? -scaled : scaled;
    std::string digits;
    do {
        digits.insert(digits.begin(), char('0' + int(magnitude % 10)));
        magnitude /= 10;
    } while (magnitude > 0);
    if (places > 0) {
        if (digits.size() <= static_cast<size_t>(places))
            digits.insert(0, static_cast<size_t>(places) + 1 - digits.size(), '0');
        digits.insert(digits.size() - places, 1, '.');
    }
    return negative ? "-" + digits : digits;
}

int64_t Decimal::scaledRounded(int places) const {
    if (places < 0 || places > kPlaces) throw std::invalid_argument("places out of range");
    return checked(divRound(_raw, kPow10[kPlaces - places]));
}

Decimal Decimal::rounded(int places) const {
    return Decimal(checked(__int128(scaledRounded(places)) * kPow10[kPlaces - places]));
}

Decimal Decimal::operator-() const {
    return Decimal(checked(-__int128(_raw)));
}
Decimal Decimal::operator+(Decimal other) const {
    return Decimal(checked(__int128(_raw) + other._raw));
}
Decimal Decimal::operator-(Decimal other) const {
    return Decimal(checked(__int128(_raw) - other._raw));
}
Decimal Decimal::operator*(Decimal other) const {
    return Decimal(checked(divRound(__int128(_raw) * other._raw, kScale)));
}
Decimal Decimal::times(int64_t factor) const {
    return Decimal(checked(__int128(_raw) * factor));
}

} // namespace finimport::domain
