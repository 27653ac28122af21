#pragma once
// Turns uploaded bytes into UTF-8 (docs/imports.md §12.5, docs/decisions.md D13): an explicit
// charset wins; else a UTF-8 BOM is dropped and valid UTF-8 is kept; else ICU's detector is used at
// confidence >= 50; else the configured fallback (windows-1250 by default).

#include <optional>
#include <string>
#include <string_view>

namespace finimport::app {

struct DecodedText {
    std::string text;    // UTF-8, without BOM (when `converted`)
    std::string charset; // the charset used, e.g. "UTF-8", "windows-1250"
    // Valid UTF-8 input is not copied: `text` stays empty and the text is the input from
    // `offset` on (past a BOM). A 10 MB upload would otherwise be held twice.
    bool converted = true;
    std::size_t offset = 0;

    // The decoded text of `input` (the bytes given to decodeText).
    std::string_view of(std::string_view input) const {
        return converted ? std::string_view(text) : input.substr(offset);
    }
};

bool isKnownCharset(const std::string& name);

// `charset`: the client's explicit choice (request field, else part charset), if any; must be
// known (check with isKnownCharset first). Invalid sequences become U+FFFD.
DecodedText decodeText(std::string_view bytes, const std::optional<std::string>& charset,
                       const std::string& fallbackCharset);

} // namespace finimport::app
