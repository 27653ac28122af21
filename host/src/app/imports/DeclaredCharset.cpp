#include "app/imports/DeclaredCharset.h"

#include "app/imports/TextDecoding.h"
#include "domain/Text.h"

#include <algorithm>
#include <cctype>

namespace finimport::app {

namespace {

constexpr std::size_t kSniffBytes = 4096;

std::optional<std::string> known(const std::string& name) {
    if (name.empty() || !isKnownCharset(name)) return std::nullopt;
    return name;
}

// `<?xml version="1.0" encoding="ISO-8859-1"?>` → "ISO-8859-1".
std::optional<std::string> xmlDeclaration(std::string_view head) {
    const auto start = head.find("<?xml");
    if (start == std::string_view::npos) return std::nullopt;
    const auto end = head.find("?>", start);
    std::string_view decl = head.substr(start, end == std::string_view::npos ? head.npos : end);
    const auto at = decl.find("encoding");
    if (at == std::string_view::npos) return std::nullopt;
    auto rest = decl.substr(at + 8);
    const auto eq = rest.find('=');
    if (eq == std::string_view::npos) return std::nullopt;
    rest = rest.substr(eq + 1);
    const auto q = rest.find_first_of("\"'");
    if (q == std::string_view::npos) return std::nullopt;
    const auto close = rest.find(rest[q], q + 1);
    if (close == std::string_view::npos) return std::nullopt;
    return known(domain::trim(rest.substr(q + 1, close - q - 1)));
}

// The value of an OFX 1.x header line `NAME:value` (headers come before the first `<`).
std::optional<std::string> ofxHeader(std::string_view head, const std::string& name) {
    const auto body = head.find('<');
    const std::string text = domain::toUpperAscii(head.substr(0, body));
    std::size_t at = 0;
    while ((at = text.find(name + ":", at)) != std::string::npos) {
        if (at == 0 || text[at - 1] == '\n' || text[at - 1] == '\r' || text[at - 1] == ' ' ||
            text[at - 1] == '\t') {
            const auto from = at + name.size() + 1;
            const auto eol = text.find_first_of("\r\n", from);
            return domain::trim(std::string_view(text).substr(from, eol - from));
        }
        at += name.size();
    }
    return std::nullopt;
}

std::optional<std::string> ofxDeclaration(std::string_view head) {
    // An OFX 1.x header states ENCODING (USASCII or UTF-8) and CHARSET (a code page).
    if (auto encoding = ofxHeader(head, "ENCODING"); encoding && *encoding == "UTF-8")
        return std::string("UTF-8");
    if (auto charset = ofxHeader(head, "CHARSET")) {
        if (*charset == "1252" || *charset == "NONE" || *charset == "USASCII")
            return std::string("windows-1252");
        if (!charset->empty() && std::all_of(charset->begin(), charset->end(),
                                             [](unsigned char c) { return std::isdigit(c); }))
            return known("windows-" + *charset);
        return known(*charset);
    }
    return xmlDeclaration(head); // OFX 2.x
}

} // namespace

std::optional<std::string> declaredCharset(std::string_view bytes, const std::string& sniff) {
    const std::string_view head = bytes.substr(0, std::min(bytes.size(), kSniffBytes));
    if (sniff == "ofx") return ofxDeclaration(head);
    if (sniff == "xml") return xmlDeclaration(head);
    return std::nullopt;
}

} // namespace finimport::app
