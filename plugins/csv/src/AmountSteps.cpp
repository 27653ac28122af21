#include "AmountSteps.h"

#include <limits>

namespace finimport::csv {

int minorUnits(std::string_view c) {
    // The ISO 4217 currencies whose minor unit is not 2.
    for (std::string_view zero : {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG",
                                  "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"})
        if (c == zero) return 0;
    for (std::string_view three : {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"})
        if (c == three) return 3;
    for (std::string_view four : {"CLF", "UYW"})
        if (c == four) return 4;
    return 2;
}

std::optional<std::int64_t> applyFactors(std::int64_t scaled, const ExactFactor& multiplier,
                                         const ExactFactor& divisor, int minor) {
    __extension__ typedef __int128 I;
    auto pow10 = [](int n) {
        I p = 1;
        while (n-- > 0)
            p *= 10;
        return p;
    };
    // value = scaled·m·10^ds / (10^ms·d·10^(8−minor)), in minor units.
    const I limit = (I(1) << 125);
    I num = I(scaled) * multiplier.digits; // ≤ 2^63 · 2^63
    if (num > limit / pow10(divisor.scale) || -num > limit / pow10(divisor.scale))
        return std::nullopt;
    num *= pow10(divisor.scale);
    I den = pow10(multiplier.scale) * I(divisor.digits) * pow10(8 - minor);
    const bool negative = (num < 0) != (den < 0);
    const I a = num < 0 ? -num : num, b = den < 0 ? -den : den;
    const I units = (a / b) + ((a % b) * 2 >= b ? 1 : 0); // half away from zero
    const I result = units * pow10(8 - minor);
    if (result > I(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
    return negative ? -std::int64_t(result) : std::int64_t(result);
}

} // namespace finimport::csv
