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

JsonBodyResult parseValidatedJsonObject(std::string&& body, std::size_t maxDepth) {
    JsonBodyResult result;
    if (json_scan::firstNonSpace(body) == body.size()) {
        result.value = ParamValue::makeObject();
        return result;
    }
    json::TreeBuilder builder(kMaxJsonValues);
    json::Reader<json::TreeBuilder> reader(body, builder, maxDepth);
    // The top-level raw_file_content string is unescaped in place: a 10 MB upload is held
    // once, not twice.
    reader.unescapeInPlace(body, "raw_file_content");
    if (!reader.document()) {
        result.error =
            builder.tooManyValues() ? JsonBodyError::TooManyValues : JsonBodyError::InvalidJson;
        return result;
    }
    result.value = builder.take();
    if (auto length = reader.stolenLength()) {
        body.resize(*length);
        *result.value.find("raw_file_content") = ParamValue::makeString(std::move(body));
    }
    body = std::string();
    return result;
}

JsonBodyResult parseValidatedJsonObject(std::string_view body, std::size_t maxDepth) {
    JsonBodyResult result;
    if (json_scan::firstNonSpace(body) == body.size()) {
        result.value = ParamValue::makeObject();
        return result;
    }
    json::TreeBuilder builder(kMaxJsonValues);
    json::Reader<json::TreeBuilder> reader(body, builder, maxDepth);
    if (reader.document())
        result.value = builder.take();
    else
        result.error =
            builder.tooManyValues() ? JsonBodyError::TooManyValues : JsonBodyError::InvalidJson;
    return result;
}

} // namespace finimport::http
