#pragma once
// UTF-8 validation shared by the body parsers and the JSON writer.

#include <cstddef>
#include <string_view>

namespace finimport::http {

// True when `text` is well-formed UTF-8 (no overlongs, no surrogates, <= U+10FFFF).
bool isValidUtf8(std::string_view text);

// Length of the well-formed UTF-8 sequence starting at text[pos], or 0 when it is invalid.
std::size_t utf8SequenceLength(std::string_view text, std::size_t pos);

} // namespace finimport::http
