// The amount steps after parsing (docs/decisions.md D53): split inflow/outflow columns (D40), then
// the exact multiplier and divisor (D42) rounded to the currency's minor units.
#ifndef FINIMPORT_CSV_AMOUNTSTEPS_H
#define FINIMPORT_CSV_AMOUNTSTEPS_H

#include "Settings.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace finimport::csv {

// ISO 4217 minor units of `currency` (2 when unknown or absent).
int minorUnits(std::string_view currency);

// scaled (10^8) × multiplier ÷ divisor, rounded half away from zero to `minor` places;
// nullopt when the result does not fit.
std::optional<std::int64_t> applyFactors(std::int64_t scaled, const ExactFactor& multiplier,
                                         const ExactFactor& divisor, int minor);

} // namespace finimport::csv

#endif // FINIMPORT_CSV_AMOUNTSTEPS_H
