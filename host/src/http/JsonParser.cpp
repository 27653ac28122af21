#include "http/JsonParser.h"
#include "domain/Json.h"
#include "http/JsonScan.h"

namespace finimport::http {

// The tree is read by the SDK's reader (finimport/json.hpp), the host's only JSON reader
// (docs/decisions.md D180); this file adds the request body's bounds.

std::optional<ParamValue> parseJson(std::string_view text, std::size_t maxDepth) {
    auto parsed = json::parse(text, maxDepth);
    return std::move(parsed.value);
}

JsonBodyResult parseJsonObjectBody(std::string_view body, std::size_t maxDepth) {
    JsonBodyResult result;
    result.error = validateJsonObjectBody(body, maxDepth);
    if (result.error != JsonBodyError::None) return result;
    return parseValidatedJsonObject(body, maxDepth);
}

namespace {

// Both overloads: an empty body is {}. With `owned` (the bytes `body` views), the top-level
// raw_file_content string is unescaped in place and taken: a 10 MB upload is held once, not
// twice.
JsonBodyResult parseObject(std::string_view body, std::size_t maxDepth, std::string* owned) {
    JsonBodyResult result;
    if (json_scan::firstNonSpace(body) == body.size()) {
        result.value = ParamValue::makeObject();
        return result;
    }
    json::TreeBuilder builder(kMaxJsonValues);
    json::Reader<json::TreeBuilder> reader(body, builder, maxDepth);
    if (owned) reader.unescapeInPlace(*owned, "raw_file_content");
    if (!reader.document()) {
        result.error =
            builder.tooManyValues() ? JsonBodyError::TooManyValues : JsonBodyError::InvalidJson;
        return result;
    }
    result.value = builder.take();
    if (!owned) return result;
    if (auto length = reader.stolenLength()) {
        owned->resize(*length);
        *result.value.find("raw_file_content") = ParamValue::makeString(std::move(*owned));
    }
    *owned = std::string();
    return result;
}

} // namespace

JsonBodyResult parseValidatedJsonObject(std::string&& body, std::size_t maxDepth) {
    return parseObject(body, maxDepth, &body);
}

JsonBodyResult parseValidatedJsonObject(std::string_view body, std::size_t maxDepth) {
    return parseObject(body, maxDepth, nullptr);
}

} // namespace finimport::http
