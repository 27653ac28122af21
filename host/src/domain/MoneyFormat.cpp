#include "domain/MoneyFormat.h"

#include <cstring>
#include <limits>

namespace finimport::domain {

namespace {

constexpr int64_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

// "00".."99": two digits per division instead of one.
constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

// Writes `value`'s `width` lowest digits (zero-padded) backwards, ending just before `end`.
char* fixedDigitsBackward(char* end, uint64_t value, int width) {
    for (; width >= 2; width -= 2) {
        end -= 2;
        std::memcpy(end, kDigitPairs + 2 * (value % 100), 2);
        value /= 100;
    }
    if (width == 1) *--end = static_cast<char>('0' + value % 10);
    return end;
}

// The integer digits of `units` with `delimiter` between groups of three, backwards.
char* groupedDigitsBackward(char* end, uint64_t units, std::string_view delimiter) {
    while (units >= 1000) {
        end = fixedDigitsBackward(end, units % 1000, 3);
        units /= 1000;
        end -= delimiter.size();
        std::memcpy(end, delimiter.data(), delimiter.size());
    }
    if (units >= 100) return fixedDigitsBackward(end, units, 3);
    if (units >= 10) return fixedDigitsBackward(end, units, 2);
    return fixedDigitsBackward(end, units, 1);
}

// |raw| / 10^(8 - precision) rounded half away from zero, as the unsigned magnitude, and the
// sign. The same result as Decimal::scaledRounded, in 64-bit arithmetic (the divisor is at
// most 10^8, so the quotient always fits).
uint64_t roundedMagnitude(int64_t raw, int precision, bool& negative) {
    negative = raw < 0;
    // Unsigned negation keeps INT64_MIN exact.
    const uint64_t magnitude =
        negative ? 0 - static_cast<uint64_t>(raw) : static_cast<uint64_t>(raw);
    const auto divisor = static_cast<uint64_t>(kPow10[Decimal::kPlaces - precision]);
    uint64_t q = magnitude / divisor;
    if ((magnitude % divisor) * 2 >= divisor) ++q;
    return q;
}

char* append(char* out, std::string_view text) {
    std::memcpy(out, text.data(), text.size());
    return out + text.size();
}

} // namespace

std::string_view formatMoneyInto(char (&buffer)[kMoneyTextMax], Decimal amount, const Currency& c) {
    // The table's longest unit is 6 bytes and its separators 1 (docs/api.md §5.3); these bounds
    // keep any entry inside the buffers below: 20 digits, 6 delimiters, 8 fraction digits.
    if (c.precision < 0 || c.precision > Decimal::kPlaces || c.unit.size() > 32 ||
        c.delimiter.size() > 4 || c.separator.size() > 4)
        throw std::invalid_argument("currency outside the money format's bounds");
    // Rounding the signed value half away from zero rounds the magnitude the same way, and
    // a result of 0 is exactly "|amount| × 10^p < 0.5" (no sign then).
    bool negative = false;
    const uint64_t magnitude = roundedMagnitude(amount.raw(), c.precision, negative);
    negative = negative && magnitude != 0;

    // The number (docs/api.md §5.1 step 4) is built backwards at the end of a scratch area.
    char number[64];
    char* const numberEnd = number + sizeof number;
    char* start = numberEnd;
    const auto divisor = static_cast<uint64_t>(kPow10[c.precision]);
    if (c.precision > 0) {
        start = fixedDigitsBackward(start, magnitude % divisor, c.precision);
        start -= c.separator.size();
        std::memcpy(start, c.separator.data(), c.separator.size());
    }
    start = groupedDigitsBackward(start, magnitude / divisor, c.delimiter);
    const std::string_view digits(start, static_cast<size_t>(numberEnd - start));

    char* out = buffer;
    if (negative) *out++ = '-';
    switch (c.pattern) {
    case MoneyPattern::UnitNumber:
        out = append(append(out, c.unit), digits);
        break;
    case MoneyPattern::NumberSpaceUnit:
        out = append(append(append(out, digits), " "), c.unit);
        break;
    case MoneyPattern::UnitSpaceNumber:
        out = append(append(append(out, c.unit), " "), digits);
        break;
    }
    return {buffer, static_cast<size_t>(out - buffer)};
}

std::string formatMoney(Decimal amount, const Currency& c) {
    char buffer[kMoneyTextMax];
    return std::string(formatMoneyInto(buffer, amount, c));
}

int64_t minorUnits(Decimal amount, const Currency& c) {
    // Fast path: the product fits 64 bits (every real amount), divided by a constant.
    const int64_t raw = amount.raw();
    const int64_t factor = c.minorUnitConversion;
    if (factor > 0 && raw > std::numeric_limits<int64_t>::min() &&
        (raw < 0 ? -raw : raw) <= std::numeric_limits<int64_t>::max() / factor) {
        const int64_t product = raw * factor;
        int64_t q = product / Decimal::kScale;
        int64_t r = product % Decimal::kScale;
        if (r < 0) r = -r;
        if (r * 2 >= Decimal::kScale) q += product < 0 ? -1 : 1;
        return q;
    }
    __int128 product = __int128(raw) * factor;
    __int128 q = product / Decimal::kScale;
    __int128 r = product % Decimal::kScale;
    if (r < 0) r = -r;
    if (r * 2 >= Decimal::kScale) q += product < 0 ? -1 : 1;
    if (q > std::numeric_limits<int64_t>::max() || q < std::numeric_limits<int64_t>::min())
        throw DecimalOverflow("minor units out of range");
    return static_cast<int64_t>(q);
}

} // namespace finimport::domain
