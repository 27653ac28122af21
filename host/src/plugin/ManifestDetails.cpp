// What a manifest says about its types and its errors (the host's only source for them).
#include "plugin/Manifest.h"

#include <algorithm>
#include <cctype>

namespace finimport::plugin {

std::string OptionSpec::displayName() const {
    if (label) return *label;
    std::string text = name;
    std::replace(text.begin(), text.end(), '_', ' ');
    if (!text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

bool TypeDetails::hasMapping(std::string_view kind) const {
    return std::find(mappings.begin(), mappings.end(), kind) != mappings.end();
}

bool TypeDetails::hasRecordKind(std::string_view kind) const {
    return std::find(recordKinds.begin(), recordKinds.end(), kind) != recordKinds.end();
}

const TypeDetails& Manifest::details(std::string_view type) const {
    static const TypeDetails none;
    const auto found = typeDetails.find(type);
    return found == typeDetails.end() ? none : found->second;
}

std::string Manifest::invalidCode() const {
    return format.empty() ? "invalid_file" : "invalid_" + format;
}

std::string Manifest::fileNounText() const {
    if (!fileNoun.empty()) return fileNoun;
    if (format.empty()) return "a file of this type";
    std::string upper = format;
    std::transform(upper.begin(), upper.end(), upper.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return "a " + upper + " file";
}

} // namespace finimport::plugin
