// `number_format=auto` (D45/D55): the format is decided from every value of the column, never
// guessed. Header-only, like the other SDK helpers.
#ifndef FINIMPORT_DETECT_HPP
#define FINIMPORT_DETECT_HPP

#include "finimport/decimal.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace finimport::sdk {

// The number format under which every non-blank value parses. When several fit, they must
// read every value as the same number (e.g. only "12" and "-3"): then `1,234.56` is answered.
// nullopt when none fits or the fitting formats disagree ("1,234" is 1234 or 1.234): ambiguous.
inline std::optional<NumberFormat> detectNumberFormat(const std::vector<std::string_view>& values) {
    constexpr NumberFormat kCandidates[] = {NumberFormat::CommaDot, NumberFormat::DotComma,
                                            NumberFormat::SpaceComma};
    std::vector<NumberFormat> fitting;
    for (NumberFormat f : kCandidates) {
        bool all = true;
        for (std::string_view v : values) {
            const auto r = parseDecimal(v, f);
            if (!r && r.error != DecimalError::Blank) {
                all = false;
                break;
            }
        }
        if (all) fitting.push_back(f);
    }
    if (fitting.empty()) return std::nullopt;
    for (std::string_view v : values) {
        const auto first = parseDecimal(v, fitting.front());
        for (std::size_t i = 1; i < fitting.size(); ++i) {
            const auto other = parseDecimal(v, fitting[i]);
            if (first.value && other.value && first.value->scaled != other.value->scaled)
                return std::nullopt;
        }
    }
    return fitting.front();
}

} // namespace finimport::sdk

#endif // FINIMPORT_DETECT_HPP
