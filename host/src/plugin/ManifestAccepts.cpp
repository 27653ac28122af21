// docs/decisions.md D11: which uploaded files an importer accepts.
#include "domain/Text.h"
#include "plugin/Manifest.h"

#include <algorithm>
#include <cctype>

namespace finimport::plugin {
namespace {

// "Text/CSV; charset=utf-8" → "text/csv".
std::string bareMediaType(std::string_view mediaType) {
    mediaType = mediaType.substr(0, mediaType.find(';'));
    const auto first = mediaType.find_first_not_of(" \t");
    if (first == std::string_view::npos) return "";
    const auto last = mediaType.find_last_not_of(" \t");
    return domain::toLowerAscii(mediaType.substr(first, last - first + 1));
}

} // namespace

bool Manifest::accepts(std::string_view mediaType, std::string_view filename) const {
    const std::string bare = bareMediaType(mediaType);
    if (!bare.empty() &&
        std::find(mediaTypes.begin(), mediaTypes.end(), bare) != mediaTypes.end()) {
        return true;
    }
    const std::string name = domain::toLowerAscii(filename);
    return std::any_of(extensions.begin(), extensions.end(), [&](const std::string& extension) {
        return name.size() > extension.size() && name.ends_with(extension);
    });
}

bool Manifest::acceptsContent(std::string_view content) const {
    if (content.starts_with("\xEF\xBB\xBF")) content.remove_prefix(3);
    const auto first = content.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return false;
    content.remove_prefix(first);
    return std::any_of(contentPrefixes.begin(), contentPrefixes.end(),
                       [&](const std::string& prefix) { return content.starts_with(prefix); });
}

} // namespace finimport::plugin
