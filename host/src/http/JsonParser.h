#pragma once
// A strict RFC 8259 JSON reader producing ParamValue trees. Numbers keep their exact text.

#include "http/Params.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace finimport::http {

// Deepest array/object nesting in `text` (strings skipped); a cheap pre-check that bounds
// the recursion of the real parser. Works on malformed input too.
std::size_t jsonNestingDepth(std::string_view text);

// Parses one complete JSON value (surrounding whitespace allowed). Nullopt when the text is
// not valid JSON or nests deeper than `maxDepth`. Lone UTF-16 surrogate escapes are refused
// because they have no UTF-8 form. The input must be valid UTF-8.
std::optional<ParamValue> parseJson(std::string_view text, std::size_t maxDepth = 64);

// A request body's tree holds at most this many values (a 26 MB `[0,0,…]` would otherwise
// cost about 1 GB of nodes).
inline constexpr std::size_t kMaxJsonValues = 100000;

enum class JsonBodyError {
    None,
    InvalidUtf8,
    TooDeep,
    InvalidJson,
    NotObject,
    NulCharacter,
    TooManyValues
};

struct JsonBodyResult {
    JsonBodyError error = JsonBodyError::None;
    ParamValue value; // an Object when error == None
};

// The checks that run before authentication (docs/api.md §2 wants a broken body to be 400 even
// without a key): one linear pass, no tree, no key comparison. In this order: UTF-8, nesting
// depth (> maxDepth), syntax, top-level object, then a NUL (`\u0000`) in any key or string
// other than the top-level `raw_file_content` value (which goes to the plugin, docs/decisions.md
// D65).
JsonBodyError validateJsonObjectBody(std::string_view body, std::size_t maxDepth = 64);

// A request body: blank (empty or JSON whitespace only) means {}. validateJsonObjectBody's
// checks, then the tree (objects index their keys by hash), at most kMaxJsonValues values.
JsonBodyResult parseJsonObjectBody(std::string_view body, std::size_t maxDepth = 64);
// The tree only, for a body validateJsonObjectBody accepted (errors: TooManyValues).
JsonBodyResult parseValidatedJsonObject(std::string_view body, std::size_t maxDepth = 64);
// The same, consuming `body`: the top-level raw_file_content string is unescaped in place and
// becomes the tree's value, so a 10 MB upload is held once, not twice.
JsonBodyResult parseValidatedJsonObject(std::string&& body, std::size_t maxDepth = 64);

} // namespace finimport::http
