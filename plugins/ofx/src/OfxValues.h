// OFX numbers and dates, exactly (no double, docs/decisions.md D2; dates as written, D59).
#ifndef FINIMPORT_OFX_VALUES_H
#define FINIMPORT_OFX_VALUES_H

#include "finimport/date.hpp"
#include "finimport/decimal.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace finimport::ofx {

enum class NumberError { None, Format, TooManyDecimals, OutOfRange };

struct NumberResult {
    std::optional<sdk::Decimal> value;
    NumberError error = NumberError::None;
};

// An OFX amount: optional `+`/`-`, digits with `.` or `,` as the decimal mark (docs/decisions.md
// D48), leading zeros allowed; with both marks (`1,234.56`) the last one is the decimal mark and
// the other must group thousands (a lone `1,234` is 1.234: OFX has no grouping). Trailing zeros
// beyond 8 places are dropped (D53). More significant places: TooManyDecimals, or, with `round`,
// rounded half away from zero to 8 (prices, units).
NumberResult parseNumber(std::string_view raw, bool round = false);

// The message for a failed number: `Amount "x" is not an OFX number`, D5's other messages.
std::string numberMessage(NumberError error, std::string_view label, std::string_view raw);

// The date part of an OFX date-time `YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]]`, as written: the
// time and zone never shift the day (docs/decisions.md D59). nullopt when the first 8 characters
// are not a real date or the rest is not a time.
std::optional<sdk::CivilDate> parseDate(std::string_view raw);

// The value negated, keeping its fraction digits.
std::string negated(const sdk::Decimal& value);
// The absolute value, keeping its fraction digits.
std::string absolute(const sdk::Decimal& value);

} // namespace finimport::ofx

#endif // FINIMPORT_OFX_VALUES_H
