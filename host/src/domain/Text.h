#pragma once
// The text helpers every layer shares: blank, trim and ASCII case. Whitespace here is the ASCII
// space, tab, CR and LF (what a request field, a header value or a config line may carry around
// its text); case is ASCII only, whatever the process locale (identifiers, codes, header names).

#include <finimport/ascii.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace finimport::domain {

inline constexpr std::string_view kBlankChars = " \t\r\n";

// Empty or whitespace only.
inline bool isBlank(std::string_view text) noexcept {
    return text.find_first_not_of(kBlankChars) == std::string_view::npos;
}
inline bool isBlank(const std::string& text) noexcept {
    return isBlank(std::string_view(text));
}
inline bool isBlank(const char* text) noexcept {
    return isBlank(std::string_view(text));
}
// Absent, empty or whitespace only.
inline bool isBlank(const std::optional<std::string>& text) noexcept {
    return !text || isBlank(std::string_view(*text));
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

// ASCII case, from the SDK's helper (the one implementation host and plugins share).
using sdk::equalsIgnoreCase;
using sdk::toLowerAscii;
using sdk::toUpperAscii;

} // namespace finimport::domain
