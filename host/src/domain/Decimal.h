#pragma once
// Exact decimal: a signed 64-bit integer scaled by 10^8 (docs/decisions.md D2).
// Every amount, quantity and price in finimport is a Decimal; never a double.

#include <compare>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace finimport::domain {

// Thrown when a result does not fit the scaled 64-bit range; never wrapped.
class DecimalOverflow : public std::overflow_error {
public:
    using std::overflow_error::overflow_error;
};

class Decimal {
public:
    static constexpr int kPlaces = 8;
    static constexpr int64_t kScale = 100000000;

    constexpr Decimal() = default;
    static constexpr Decimal fromRaw(int64_t scaled) { return Decimal(scaled); }
    static Decimal fromInt(int64_t units);

    // Parses canonical plain text: optional '-', digits, optional '.' and 1..8 digits.
    // Returns nullopt for anything else (signs '+', exponents, spaces, >8 places, overflow).
    static std::optional<Decimal> parse(std::string_view text);

    constexpr int64_t raw() const { return _raw; }
    constexpr bool isZero() const { return _raw == 0; }
    constexpr bool isNegative() const { return _raw < 0; }

    // Shortest plain form with at least `minFraction` fraction digits: 100 -> "100.0".
    std::string toString(int minFraction = 1) const;
    // Rounded half away from zero to `places` (0..8) digits, exactly `places` fraction digits.
    std::string toFixed(int places) const;
    // value * 10^places rounded half away from zero (e.g. cents for places = 2).
    int64_t scaledRounded(int places) const;
    // The value rounded half away from zero to `places` digits.
    Decimal rounded(int places) const;

    Decimal operator-() const;
    Decimal operator+(Decimal other) const;
    Decimal operator-(Decimal other) const;
    Decimal& operator+=(Decimal other) { return *this = *this + other; }
    Decimal& operator-=(Decimal other) { return *this = *this - other; }
    // Exact product computed in 128 bits, rounded half away from zero to 8 places.
    Decimal operator*(Decimal other) const;
    Decimal times(int64_t factor) const;
    Decimal abs() const { return _raw < 0 ? -*this : *this; }

    constexpr auto operator<=>(const Decimal&) const = default;

private:
    constexpr explicit Decimal(int64_t raw) : _raw(raw) {}
    int64_t _raw = 0;
};

} // namespace finimport::domain
