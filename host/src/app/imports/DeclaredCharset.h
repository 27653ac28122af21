#pragma once
// docs/decisions.md D66: for formats that declare their own charset (OFX headers, XML declarations)
// the declared charset comes after the `encoding` field and before the part's charset and
// detection. The serving plugin's manifest names the kind of declaration (`charset_sniff`: "ofx" or
// "xml"); only the first 4 KiB are read. An unknown declared name is ignored (→ detection).

#include <optional>
#include <string>
#include <string_view>

namespace finimport::app {

// The charset the file declares, as a name isKnownCharset accepts; nullopt when it declares
// none or an unknown one. `sniff` is the manifest's charset_sniff ("" → nullopt).
std::optional<std::string> declaredCharset(std::string_view bytes, const std::string& sniff);

} // namespace finimport::app
