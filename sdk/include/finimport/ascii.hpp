// ASCII character and case helpers for import plugins (file formats' keywords, headers, file
// names). Locale-independent and constexpr where possible; bytes >= 0x80 are never changed.
#ifndef FINIMPORT_ASCII_HPP
#define FINIMPORT_ASCII_HPP

#include <cstddef>
#include <string>
#include <string_view>

namespace finimport::sdk {

// ASCII whitespace as Ruby's String#strip and \s see it: space, \t \n \r \f \v.
constexpr bool isAsciiSpace(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// '0'..'9' only (never a locale's other digits).
constexpr bool isDigit(char c) noexcept {
    return c >= '0' && c <= '9';
}

constexpr char toLowerAscii(char c) noexcept {
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

constexpr char toUpperAscii(char c) noexcept {
    return (c >= 'a' && c <= 'z') ? char(c - 'a' + 'A') : c;
}

// ASCII lower-casing of a whole text.
inline std::string toLowerAscii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = toLowerAscii(c);
    return out;
}

// ASCII upper-casing of a whole text (currency codes, tickers).
inline std::string toUpperAscii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = toUpperAscii(c);
    return out;
}

constexpr bool equalsIgnoreCase(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (toLowerAscii(a[i]) != toLowerAscii(b[i])) return false;
    return true;
}

constexpr bool startsWithIgnoreCase(std::string_view text, std::string_view prefix) noexcept {
    return text.size() >= prefix.size() && equalsIgnoreCase(text.substr(0, prefix.size()), prefix);
}

// endsWithIgnoreCase(filename, ".csv"): the usual probe test of a file name.
constexpr bool endsWithIgnoreCase(std::string_view text, std::string_view suffix) noexcept {
    return text.size() >= suffix.size() &&
           equalsIgnoreCase(text.substr(text.size() - suffix.size()), suffix);
}

} // namespace finimport::sdk

#endif // FINIMPORT_ASCII_HPP
