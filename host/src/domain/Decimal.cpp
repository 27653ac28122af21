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
    const size_t size = text.size();
    const bool negative = size > 0 && text[0] == '-';
    size_t i = negative ? 1 : 0;
    const size_t intStart = i;
    while (i < size && text[i] >= '0' && text[i] <= '9')
        ++i;
    const size_t intEnd = i;
    if (intEnd == intStart) return std::nullopt;
    int64_t fraction = 0;
    int places = 0;
    if (i < size && text[i] == '.') {
        const size_t fracStart = ++i;
        while (i < size && text[i] >= '0' && text[i] <= '9') {
            if (places == kPlaces) return std::nullopt;
            fraction = fraction * 10 + (text[i] - '0');
            ++places;
            ++i;
        }
        if (i == fracStart) return std::nullopt;
    }
    if (i != size) return std::nullopt;
    const int64_t scaledFraction = fraction * kPow10[kPlaces - places];
    if (intEnd - intStart <= 10) {
        // Every amount a file holds: 10 digits scaled by 10^8 stay below 2^63, no check needed.
        uint64_t units = 0;
        for (size_t k = intStart; k < intEnd; ++k)
            units = units * 10 + uint64_t(text[k] - '0');
        const int64_t raw = int64_t(units) * kScale + scaledFraction;
        return Decimal(negative ? -raw : raw);
    }
    __int128 units = 0;
    for (size_t k = intStart; k < intEnd; ++k) {
        units = units * 10 + (text[k] - '0');
        if (units > std::numeric_limits<int64_t>::max()) return std::nullopt;
    }
    __int128 raw = units * kScale + scaledFraction;
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
