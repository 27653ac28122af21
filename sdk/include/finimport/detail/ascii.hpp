// Small ASCII string helpers shared by the SDK headers (internal; not part of the public API).
#ifndef FINIMPORT_DETAIL_ASCII_HPP
#define FINIMPORT_DETAIL_ASCII_HPP

#include <string>
#include <string_view>

namespace finimport::sdk::detail {

// ASCII whitespace as Ruby's String#strip and \s see it (plus NUL-free by construction).
constexpr bool isAsciiSpace(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

constexpr bool isDigit(char c) noexcept {
    return c >= '0' && c <= '9';
}

constexpr char toLower(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

constexpr char toUpper(char c) noexcept {
    return (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
}

constexpr std::string_view trim(std::string_view s) noexcept {
    while (!s.empty() && isAsciiSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isAsciiSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

inline std::string toUpper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = toUpper(c);
    return out;
}

inline std::string toLower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = toLower(c);
    return out;
}

constexpr bool equalsIgnoreCase(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (toLower(a[i]) != toLower(b[i])) return false;
    return true;
}

} // namespace finimport::sdk::detail

#endif // FINIMPORT_DETAIL_ASCII_HPP
