// Text values of OFX elements: entity decoding (until stable, docs/decisions.md D59), charset
// repair and whitespace cleanup. Pure functions, safe for any byte input.
#ifndef FINIMPORT_OFX_TEXT_H
#define FINIMPORT_OFX_TEXT_H

#include <string>
#include <string_view>

namespace finimport::ofx {

// Decodes &amp; &lt; &gt; &quot; &apos; &nbsp; and numeric references, repeating while the text
// changes (at most 8 rounds): "&amp;lt;" -> "<". References to U+0000, surrogates or beyond
// U+10FFFF stay as written.
std::string decodeEntities(std::string_view text);

bool isValidUtf8(std::string_view bytes) noexcept;

// The host hands the plugin UTF-8; a value that is not valid UTF-8 anyway (a host that did not
// transcode) is read as windows-1252, the charset OFX 1.x files declare.
std::string repairUtf8(std::string_view bytes);

// Trims ASCII whitespace at both ends; each line break and TAB inside becomes one space.
std::string cleanWhitespace(std::string_view text);

// The value as a record field: whitespace cleaned, UTF-8 repaired, entities decoded, trimmed.
std::string cleanValue(std::string_view raw);

} // namespace finimport::ofx

#endif // FINIMPORT_OFX_TEXT_H
