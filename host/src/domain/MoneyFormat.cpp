#include "domain/MoneyFormat.h"

#include <limits>

namespace finimport::domain {

namespace {

// Integer digits of `units` with `delimiter` between groups of three.
std::string groupedDigits(uint64_t units, std::string_view delimiter) {
    std::string digits = std::to_string(units);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3 * delimiter.size());
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += delimiter;
        out += digits[i];
    }
    return out;
}

// The number part (§5.1 step 4) for a magnitude already scaled by 10^precision.
std::string numberText(uint64_t scaledMagnitude, const Currency& c) {
    uint64_t divisor = 1;
    for (int i = 0; i < c.precision; ++i)
        divisor *= 10;
    std::string out = groupedDigits(scaledMagnitude / divisor, c.delimiter);
    if (c.precision > 0) {
        std::string fraction = std::to_string(scaledMagnitude % divisor);
        out += c.separator;
        out.append(static_cast<size_t>(c.precision) - fraction.size(), '0');
        out += fraction;
    }
    return out;
}

} // namespace

std::string formatMoney(Decimal amount, const Currency& c) {
    // Rounding the signed value half away from zero rounds the magnitude the same way, and
    // a result of 0 is exactly "|amount| × 10^p < 0.5" (no sign then).
    int64_t scaled = amount.scaledRounded(c.precision);
    bool negative = scaled < 0;
    // Unsigned negation keeps INT64_MIN exact.
    uint64_t magnitude =
        negative ? 0 - static_cast<uint64_t>(scaled) : static_cast<uint64_t>(scaled);
    std::string number = numberText(magnitude, c);
    std::string out = negative ? "-" : "";
    switch (c.pattern) {
    case MoneyPattern::UnitNumber:
        out.append(c.unit).append(number);
        break;
    case MoneyPattern::NumberSpaceUnit:
        out.append(number).append(" ").append(c.unit);
        break;
    case MoneyPattern::UnitSpaceNumber:
        out.append(c.unit).append(" ").append(number);
        break;
    }
    return out;
}

int64_t minorUnits(Decimal amount, const Currency& c) {
    __int128 product = __int128(amount.raw()) * c.minorUnitConversion;
    __int128 q = product / Decimal::kScale;
    __int128 r = product % Decimal::kScale;
    if (r < 0) r = -r;
    if (r * 2 >= Decimal::kScale) q += product < 0 ? -1 : 1;
    if (q > std::numeric_limits<int64_t>::max() || q < std::numeric_limits<int64_t>::min())
        throw DecimalOverflow("minor units out of range");
    return static_cast<int64_t>(q);
}

} // namespace finimport::domain
