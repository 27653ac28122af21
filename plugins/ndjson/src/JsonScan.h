// One NDJSON line through the SDK's JSON reader (finimport/json.hpp, the reader the host uses
// too: docs/decisions.md D180): validates the whole text (RFC 8259) and returns the members of
// a top-level object as raw value spans (numbers exactly as written).
#ifndef FINIMPORT_NDJSON_JSON_SCAN_H
#define FINIMPORT_NDJSON_JSON_SCAN_H

#include <string>
#include <string_view>
#include <vector>

namespace finimport::ndjson {

enum class JsonKind { Object, Array, String, Number, True, False, Null };

struct JsonMember {
    std::string key;      // decoded
    std::string_view raw; // the value's exact text
    JsonKind kind = JsonKind::Null;
    std::string text; // decoded value when kind == String
};

struct JsonScan {
    bool ok = false;
    std::string error; // parser detail when !ok ("unexpected character 'x' at column 3")
    JsonKind kind = JsonKind::Null;
    std::vector<JsonMember> members; // when kind == Object (duplicate keys: the last one wins)

    const JsonMember* find(std::string_view key) const;
};

// Scans `text` as one JSON value (surrounding whitespace allowed).
JsonScan scanJson(std::string_view text);

} // namespace finimport::ndjson

#endif
