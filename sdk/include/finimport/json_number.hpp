// finimport/json_number.hpp: a JSON number's text without its exponent, digit for digit
// (`1.5e3` → `1500`, `-25E-2` → `-0.25`), so a decimal parser that reads plain text
// (sdk::parseDecimal, the host's Decimal::parse) takes any number finimport/json.hpp read,
// never through a double.
#ifndef FINIMPORT_JSON_NUMBER_HPP
#define FINIMPORT_JSON_NUMBER_HPP

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::json {

// `number` must be a JSON number (a Value of kind Number); nullopt when its exponent is beyond
// ±40 (no amount has so many digits: the caller reports an invalid number).
inline std::optional<std::string> plainNumber(std::string_view number) {
    const std::size_t e = number.find_first_of("eE");
    if (e == std::string_view::npos) return std::string(number);
    const std::string_view exponentText = number.substr(e + 1);
    int exponent = 0;
    std::size_t i =
        exponentText.empty() || exponentText[0] == '+' || exponentText[0] == '-' ? 1 : 0;
    for (; i < exponentText.size(); ++i) {
        exponent = exponent * 10 + (exponentText[i] - '0');
        if (exponent > 40) return std::nullopt;
    }
    if (!exponentText.empty() && exponentText[0] == '-') exponent = -exponent;
    std::string_view mantissa = number.substr(0, e);
    const bool negative = !mantissa.empty() && mantissa[0] == '-';
    if (negative) mantissa.remove_prefix(1);
    const std::size_t dot = mantissa.find('.');
    std::string digits(mantissa.substr(0, dot));
    if (dot != std::string_view::npos) digits += mantissa.substr(dot + 1);
    // The decimal point's place in `digits`, moved by the exponent.
    long point =
        static_cast<long>(dot == std::string_view::npos ? mantissa.size() : dot) + exponent;
    if (point <= 0) {
        digits.insert(0, static_cast<std::size_t>(1 - point), '0');
        point = 1;
    }
    if (static_cast<std::size_t>(point) >= digits.size())
        digits.append(static_cast<std::size_t>(point) - digits.size(), '0');
    else
        digits.insert(static_cast<std::size_t>(point), 1, '.');
    // No leading zeros beyond the one before a point (`05` → `5`, `000` → `0`).
    const std::size_t intDigits = std::min(digits.find('.'), digits.size());
    const std::size_t leading = std::min(digits.find_first_not_of('0'), intDigits - 1);
    digits.erase(0, leading);
    return (negative ? "-" : "") + digits;
}

} // namespace finimport::json

#endif
