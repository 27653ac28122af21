#pragma once
// Text as rules compare it (docs/rules.md §3.1, §4): whitespace normalisation, the case folding
// of `like`, and the name key of the learned suggestion.

#include <string>
#include <string_view>

namespace finimport::app::rules {

// Every run of ASCII whitespace (space, tab, CR, LF, VT, FF) becomes one space; the ends are
// trimmed.
std::string normalizeText(std::string_view text);
// Simple lower-case mapping of every code point (ASCII, Latin-1, Latin Extended-A, Greek and
// Cyrillic capitals); other bytes are copied. Invalid UTF-8 is copied byte by byte.
std::string foldCase(std::string_view text);
// The learned suggestion's key: lower-cased, split at every character that is not a letter or
// digit, pieces containing a digit dropped, the rest joined with single spaces.
std::string nameKey(std::string_view name);

} // namespace finimport::app::rules
