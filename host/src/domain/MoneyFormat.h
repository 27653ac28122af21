#pragma once
// Money display strings and minor units (API.md §5.1, §5.2), locale `en`.

#include "domain/Currency.h"
#include "domain/Decimal.h"

#include <cstdint>
#include <string>

namespace finimport::domain {

// `$1,234.50`, `-1 234,56 kr`, `CHF 1,234.56`: |amount| rounded half away from zero to the
// currency's precision; the `-` only when the rounded magnitude is not zero (§5.1 step 3).
std::string formatMoney(Decimal amount, const Currency& currency);

// round(amount × minorUnitConversion), half away from zero (§5.2; `10 MGA` -> 50).
// Throws DecimalOverflow when the result does not fit 64 bits.
int64_t minorUnits(Decimal amount, const Currency& currency);

} // namespace finimport::domain
