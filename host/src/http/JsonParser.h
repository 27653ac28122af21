#pragma once
// A strict RFC 8259 JSON reader producing ParamValue trees. Numbers keep their exact text.

#include "http/Params.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace finimport::http {

// Deepest array/object nesting in `text` (strings skipped); a cheap pre-check that bounds
// the recursion of the real parser. Works on malformed input too.
std::size_t jsonNestingDepth(std::string_view text);

// Parses one complete JSON value (surrounding whitespace allowed). Nullopt when the text is
// not valid JSON or nests deeper than `maxDepth`. Lone UTF-16 surrogate escapes are refused
// because they have no UTF-8 form. The input must be valid UTF-8.
std::optional<ParamValue> parseJson(std::string_view text, std::size_t maxDepth = 64);

enum class JsonBodyError { None, InvalidUtf8, TooDeep, InvalidJson, NotObject };

struct JsonBodyResult {
    JsonBodyError error = JsonBodyError::None;
    ParamValue value; // an Object when error == None
};

// A request body: blank (empty or JSON whitespace only) means {}. Checks in this order:
// UTF-8, nesting depth (> maxDepth), syntax, top-level object.
JsonBodyResult parseJsonObjectBody(std::string_view body, std::size_t maxDepth = 64);

} // namespace finimport::http
