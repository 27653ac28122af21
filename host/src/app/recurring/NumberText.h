#pragma once
// Numbers sent as request values (JSON number text or strings): `49.99`, `-12`, ` 7 `, `1e3`,
// read exactly (no double) and rounded half away from zero to a number of places.

#include "domain/Decimal.h"

#include <optional>
#include <string_view>

namespace finimport::app {

struct NumberRead {
    enum class Status { Ok, NotANumber, OutOfRange };
    Status status = Status::NotANumber;
    domain::Decimal value;    // rounded to `places` (Ok only)
    bool hasFraction = false; // non-zero digits after the point before rounding
};

// Accepts optional surrounding whitespace, a sign, digits with an optional fraction (".5" and
// "5." too) and an optional exponent. Anything else is NotANumber.
NumberRead readNumber(std::string_view text, int places);

} // namespace finimport::app
