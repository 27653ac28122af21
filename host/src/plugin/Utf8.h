// UTF-8 hygiene for text that crosses the plugin boundary.
#pragma once

#include <string>
#include <string_view>

namespace finimport::plugin {

// Returns `text` with every invalid UTF-8 sequence (bad lead or continuation bytes, overlong
// forms, surrogates, code points above U+10FFFF, truncated sequences) replaced by U+FFFD.
std::string toValidUtf8(std::string_view text);

// The same into `out` (its capacity reused: the per-row path assigns into kept strings).
void assignValidUtf8(std::string& out, std::string_view text);

} // namespace finimport::plugin
