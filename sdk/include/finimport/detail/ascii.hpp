// The SDK headers' own names for the public ASCII helpers (finimport/ascii.hpp), plus trim.
// Internal: plugins use finimport/ascii.hpp and finimport/text.hpp.
#ifndef FINIMPORT_DETAIL_ASCII_HPP
#define FINIMPORT_DETAIL_ASCII_HPP

#include "finimport/ascii.hpp"

#include <string>
#include <string_view>

namespace finimport::sdk::detail {

using sdk::equalsIgnoreCase;
using sdk::isAsciiSpace;
using sdk::isDigit;

constexpr char toLower(char c) noexcept {
    return toLowerAscii(c);
}

constexpr char toUpper(char c) noexcept {
    return toUpperAscii(c);
}

inline std::string toLower(std::string_view s) {
    return toLowerAscii(s);
}

inline std::string toUpper(std::string_view s) {
    return toUpperAscii(s);
}

constexpr std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && isAsciiSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isAsciiSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

} // namespace finimport::sdk::detail

#endif // FINIMPORT_DETAIL_ASCII_HPP
