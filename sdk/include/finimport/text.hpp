// Text helpers for import plugins: header normalisation (normalizeHeader) and the umbrella
// include for the ASCII, CSV reader, number, date and tag helpers.
#ifndef FINIMPORT_TEXT_HPP
#define FINIMPORT_TEXT_HPP

#include "finimport/ascii.hpp"
#include "finimport/csv.hpp"
#include "finimport/date.hpp"
#include "finimport/decimal.hpp"
#include "finimport/detail/ascii.hpp"
#include "finimport/tags.hpp"

#include <string>
#include <string_view>

namespace finimport::sdk {

// Trims ASCII whitespace at both ends.
constexpr std::string_view trim(std::string_view text) noexcept {
    return detail::trim(text);
}

// True when the text is empty or ASCII whitespace only.
constexpr bool isBlank(std::string_view text) noexcept {
    return detail::trim(text).empty();
}

// Header / label normalisation: trim, lower-case (ASCII), delete every "*", replace each run of
// whitespace and/or "-" with "_". "Date*" -> "date", "Account type*" -> "account_type".
inline std::string normalizeHeader(std::string_view header) {
    const std::string lowered = detail::toLower(detail::trim(header));
    std::string out;
    bool inRun = false;
    for (char c : lowered) {
        if (c == '*') continue;
        if (detail::isAsciiSpace(c) || c == '-') {
            if (!inRun) out.push_back('_');
            inRun = true;
        } else {
            out.push_back(c);
            inRun = false;
        }
    }
    return out;
}

} // namespace finimport::sdk

#endif // FINIMPORT_TEXT_HPP
