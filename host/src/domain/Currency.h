#pragma once
// The currency table of docs/api.md §5.3 (docs/decisions.md D3: the one list of accepted codes).
// Values are those used in locale `en`: the `$` unit rule of §5.1 is already applied and
// EUR carries the `en` override (delimiter `,`, separator `.`).

#include <cstdint>
#include <span>
#include <string_view>

namespace finimport::domain {

// Where the unit goes relative to the number: `%u%n`, `%n %u`, `%u %n`.
enum class MoneyPattern { UnitNumber, NumberSpaceUnit, UnitSpaceNumber };

struct Currency {
    using Pattern = MoneyPattern;
    std::string_view code; // ISO-style code, upper case
    std::string_view unit; // display unit (may be empty)
    Pattern pattern;
    int precision;               // display decimal places p
    int64_t minorUnitConversion; // `_cents` multiplier (10^p except MGA/MRU: 5)
    std::string_view separator;  // between integer and fraction digits
    std::string_view delimiter;  // between groups of three integer digits
};

// Case-insensitive lookup; nullptr for a code not in the table.
const Currency* findCurrency(std::string_view code);

// Every currency of the table, sorted by code.
std::span<const Currency> allCurrencies();

} // namespace finimport::domain
