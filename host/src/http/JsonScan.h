#pragma once
// The byte tests both JSON passes share (http/JsonParser.cpp builds the tree with the SDK's
// reader, http/JsonValidator.cpp checks a body before authentication). Internal to http/.

#include "domain/Json.h"

#include <cstddef>
#include <string_view>

namespace finimport::http::json_scan {

// The SDK reader's own byte tests (finimport/json.hpp), so the validator and the reader agree.
inline bool isJsonSpace(char c) {
    return json::isSpace(c);
}
using json::plainRunEnd;

// The first position that is not JSON whitespace (or the end): a blank body means {}.
inline std::size_t firstNonSpace(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size() && isJsonSpace(text[pos]))
        ++pos;
    return pos;
}

} // namespace finimport::http::json_scan
