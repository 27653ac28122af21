#pragma once
// Money display strings and minor units (docs/api.md §5.1, §5.2), locale `en`.

#include "domain/Currency.h"
#include "domain/Decimal.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace finimport::domain {

// `$1,234.50`, `-1 234,56 kr`, `CHF 1,234.56`: |amount| rounded half away from zero to the
// currency's precision; the `-` only when the rounded magnitude is not zero (docs/api.md §5.1 step
// 3).
std::string formatMoney(Decimal amount, const Currency& currency);

// The same text written into a caller's buffer, without allocating (a page of balances writes
// 14 amounts a row). kMoneyTextMax bounds every currency of the table.
inline constexpr std::size_t kMoneyTextMax = 128;
std::string_view formatMoneyInto(char (&buffer)[kMoneyTextMax], Decimal amount,
                                 const Currency& currency);

// round(amount × minorUnitConversion), half away from zero (docs/api.md §5.2; `10 MGA` -> 50).
// Throws DecimalOverflow when the result does not fit 64 bits.
int64_t minorUnits(Decimal amount, const Currency& currency);

} // namespace finimport::domain
