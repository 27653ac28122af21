#pragma once
// The text helpers every layer shares: blank, trim and ASCII case. Whitespace here is the ASCII
// space, tab, CR and LF (what a request field, a header value or a config line may carry around
// its text); case is ASCII only, whatever the process locale (identifiers, codes, header names).

#include <optional>
#include <string>
#include <string_view>

namespace finimport::domain {

inline constexpr std::string_view kBlankChars = " \t\r\n";

// Empty or whitespace only.
inline bool isBlank(std::string_view text) noexcept {
    return text.find_first_not_of(kBlankChars) == std::string_view::npos;
}
// Absent, empty or whitespace only.
inline bool isBlank(const std::optional<std::string>& text) noexcept {
    return !text || isBlank(*text);
}

// `text` without the leading and trailing characters of `chars`.
inline std::string_view trimView(std::string_view text,
                                 std::string_view chars = kBlankChars) noexcept {
    const auto begin = text.find_first_not_of(chars);
    if (begin == std::string_view::npos) return {};
    return text.substr(begin, text.find_last_not_of(chars) - begin + 1);
}
inline std::string trim(std::string_view text, std::string_view chars = kBlankChars) {
    return std::string(trimView(text, chars));
}

constexpr char toLowerAscii(char c) noexcept {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
constexpr char toUpperAscii(char c) noexcept {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}
inline std::string toLowerAscii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = toLowerAscii(c);
    return out;
}
inline std::string toUpperAscii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = toUpperAscii(c);
    return out;
}

} // namespace finimport::domain
