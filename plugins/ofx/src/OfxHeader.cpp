#include "OfxHeader.h"

#include <cctype>

namespace finimport::ofx {

namespace {

std::string upperTrim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    std::string out(s);
    for (char& c : out)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

// The value of `KEY:` at the start of a header line (case-insensitive), nullopt when absent.
std::optional<std::string> headerValue(std::string_view head, std::string_view key) {
    std::size_t pos = 0;
    while (pos < head.size()) {
        std::size_t end = head.find_first_of("\r\n", pos);
        if (end == std::string_view::npos) end = head.size();
        std::string_view line = head.substr(pos, end - pos);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
            line.remove_prefix(1);
        if (line.size() > key.size() && line[key.size()] == ':' &&
            upperTrim(line.substr(0, key.size())) == key)
            return upperTrim(line.substr(key.size() + 1));
        pos = end + 1;
    }
    return std::nullopt;
}

// `encoding="..."` of an XML declaration, as written.
std::optional<std::string> xmlEncoding(std::string_view head) {
    const std::size_t decl = head.find("<?xml");
    if (decl == std::string_view::npos) return std::nullopt;
    const std::size_t end = head.find("?>", decl);
    std::string_view d =
        head.substr(decl, end == std::string_view::npos ? head.size() - decl : end - decl);
    const std::size_t at = d.find("encoding");
    if (at == std::string_view::npos) return std::nullopt;
    std::size_t q = d.find_first_of("\"'", at);
    if (q == std::string_view::npos) return std::nullopt;
    const std::size_t close = d.find(d[q], q + 1);
    if (close == std::string_view::npos) return std::nullopt;
    return std::string(d.substr(q + 1, close - q - 1));
}

} // namespace

std::optional<std::string> declaredCharset(std::string_view head) {
    // Only the header: stop at the body.
    for (std::size_t i = 0; i + 5 <= head.size(); ++i)
        if (head[i] == '<' && upperTrim(head.substr(i, 5)) == "<OFX>") {
            head = head.substr(0, i);
            break;
        }
    if (auto xml = xmlEncoding(head)) {
        const std::string name = upperTrim(*xml);
        if (name.empty()) return std::nullopt;
        if (name == "ASCII" || name == "US-ASCII" || name == "USASCII") return "windows-1252";
        if (name == "UTF8") return "UTF-8";
        return *xml;
    }
    const auto encoding = headerValue(head, "ENCODING");
    const auto charset = headerValue(head, "CHARSET");
    if (encoding && (*encoding == "UTF-8" || *encoding == "UTF8")) return "UTF-8";
    if (charset) {
        if (*charset == "1252" || *charset == "NONE" || *charset == "USASCII" ||
            *charset == "WINDOWS-1252" || *charset == "CP1252")
            return "windows-1252";
        if (*charset == "ISO-8859-1" || *charset == "8859-1" || *charset == "LATIN1")
            return "ISO-8859-1";
        if (charset->empty()) return std::nullopt;
        return *charset;
    }
    if (encoding && *encoding == "USASCII") return "windows-1252";
    return std::nullopt;
}

} // namespace finimport::ofx
