// The `number_format` option: its four values and their option names ("1,234.56" ...), shared by
// the number parser (finimport/decimal.hpp) and the format detection (finimport/detect.hpp).
#ifndef FINIMPORT_NUMBER_FORMAT_HPP
#define FINIMPORT_NUMBER_FORMAT_HPP

#include <optional>
#include <string_view>

namespace finimport::sdk {

// The `number_format` option values.
enum class NumberFormat {
    CommaDot,   // "1,234.56": thousands ",", decimal "."
    DotComma,   // "1.234,56": thousands ".", decimal ","
    SpaceComma, // "1 234,56": thousands any Unicode space, decimal ","
    CommaOnly,  // "1,234":    thousands ",", no decimals
};

inline std::optional<NumberFormat> parseNumberFormat(std::string_view name) noexcept {
    if (name == "1,234.56") return NumberFormat::CommaDot;
    if (name == "1.234,56") return NumberFormat::DotComma;
    if (name == "1 234,56") return NumberFormat::SpaceComma;
    if (name == "1,234") return NumberFormat::CommaOnly;
    return std::nullopt;
}

inline constexpr std::string_view numberFormatName(NumberFormat format) noexcept {
    switch (format) {
    case NumberFormat::DotComma:
        return "1.234,56";
    case NumberFormat::SpaceComma:
        return "1 234,56";
    case NumberFormat::CommaOnly:
        return "1,234";
    case NumberFormat::CommaDot:
        break;
    }
    return "1,234.56";
}

} // namespace finimport::sdk

#endif // FINIMPORT_NUMBER_FORMAT_HPP
