#pragma once
// Request-target helpers: path/query split, percent-decoding, query-string pairs.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace finimport::http {

using NameValueList = std::vector<std::pair<std::string, std::string>>;

// The value of a hexadecimal digit (either case); -1 for any other character.
int hexValue(char c);

// Decodes %XX escapes (and '+' as space when `plusIsSpace`). A malformed escape is kept
// literally instead of failing the request.
std::string percentDecode(std::string_view text, bool plusIsSpace);

// `a=1&b=&c&a=2` -> {a,1},{b,""},{c,""},{a,2} in order; names and values decoded.
NameValueList parseUrlEncoded(std::string_view text);

struct RequestTarget {
    std::string path;  // still percent-encoded; the router decodes segments
    std::string query; // raw, without '?'
};

// Splits an origin-form ("/p?q") or absolute-form ("http://h/p?q") request target.
RequestTarget splitRequestTarget(std::string_view uri);

} // namespace finimport::http
