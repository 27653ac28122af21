#include "http/Url.h"

namespace finimport::http {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string percentDecode(std::string_view text, bool plusIsSpace) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '%' && i + 2 < text.size()) {
            const int hi = hexValue(text[i + 1]);
            const int lo = hexValue(text[i + 2]);
            if (hi >= 0 && lo >= 0) {
                out += static_cast<char>(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += (plusIsSpace && c == '+') ? ' ' : c;
    }
    return out;
}

NameValueList parseUrlEncoded(std::string_view text) {
    NameValueList pairs;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('&', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view item = text.substr(start, end - start);
        if (!item.empty()) {
            const std::size_t eq = item.find('=');
            const std::string_view name = item.substr(0, eq);
            const std::string_view value =
                eq == std::string_view::npos ? std::string_view() : item.substr(eq + 1);
            if (!name.empty()) {
                pairs.emplace_back(percentDecode(name, true), percentDecode(value, true));
            }
        }
        start = end + 1;
    }
    return pairs;
}

RequestTarget splitRequestTarget(std::string_view uri) {
    // Absolute form: drop "scheme://authority".
    const std::size_t scheme = uri.find("://");
    if (scheme != std::string_view::npos && uri.find('/') > scheme) {
        const std::size_t pathStart = uri.find('/', scheme + 3);
        uri = pathStart == std::string_view::npos ? std::string_view("/") : uri.substr(pathStart);
    }
    const std::size_t fragment = uri.find('#');
    if (fragment != std::string_view::npos) uri = uri.substr(0, fragment);
    RequestTarget target;
    const std::size_t question = uri.find('?');
    target.path = std::string(uri.substr(0, question));
    if (question != std::string_view::npos) target.query = std::string(uri.substr(question + 1));
    return target;
}

} // namespace finimport::http
