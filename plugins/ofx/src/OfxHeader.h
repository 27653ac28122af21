// The charset an OFX file declares in its header (docs/decisions.md D66), from its first bytes. The
// host needs it before it transcodes the upload to UTF-8 (the plugin only ever sees UTF-8); it is a
// pure function so the host can call the same rules.
#ifndef FINIMPORT_OFX_HEADER_H
#define FINIMPORT_OFX_HEADER_H

#include <optional>
#include <string>
#include <string_view>

namespace finimport::ofx {

// OFX 1.x: `ENCODING:UTF-8` -> "UTF-8"; `CHARSET:1252`, `NONE`, `USASCII` (or no CHARSET) with
// `ENCODING:USASCII` -> "windows-1252"; `CHARSET:ISO-8859-1` / `8859-1` -> "ISO-8859-1"; any
// other CHARSET -> its name as written. OFX 2.x: the XML declaration's `encoding` ("ASCII" and
// "US-ASCII" -> "windows-1252"). nullopt when the head declares nothing (detection applies).
// Only the text before the first `<OFX>` is looked at.
std::optional<std::string> declaredCharset(std::string_view head);

} // namespace finimport::ofx

#endif // FINIMPORT_OFX_HEADER_H
