#include "http/BodyParser.h"

#include "domain/Utf8.h"
#include "http/BodyReader.h"
#include "http/Errors.h"
#include "http/JsonParser.h"
#include "http/Multipart.h"

#include <Poco/Net/MessageHeader.h>
#include <Poco/Net/NameValueCollection.h>
#include <Poco/String.h>

#include <stdexcept>

namespace finimport::http {

namespace {

constexpr const char* kNotUtf8 = "Request body is not valid UTF-8";
constexpr const char* kTooDeep = "Request body is nested too deeply";
constexpr const char* kMalformedMultipart = "Malformed multipart body";
constexpr const char* kNul = "Request body contains a NUL character";
constexpr const char* kTooMany = "Request body has too many values";
constexpr const char* kTooSlow = "Request body arrived too slowly"; // http.body_min_rate
// Form and multipart bodies: fields per request (a JSON body is bounded by kMaxJsonValues).
constexpr std::size_t kMaxFields = 10000;
// Bracketed form names nest objects; bound them like JSON nesting.
constexpr std::size_t kMaxFieldNesting = kMaxJsonDepth - 1;

// Thrown inside the form/multipart paths for a 400 with a docs/decisions.md D22 message.
struct BadBody {
    const char* message;
};

std::optional<BodyFailure> jsonFailure(JsonBodyError error) {
    switch (error) {
    case JsonBodyError::None:
        break;
    case JsonBodyError::InvalidUtf8:
        return BodyFailure{badRequest(kNotUtf8), false};
    case JsonBodyError::TooDeep:
        return BodyFailure{badRequest(kTooDeep), false};
    case JsonBodyError::InvalidJson:
        return BodyFailure{badRequest("Request body is not valid JSON"), false};
    case JsonBodyError::NotObject:
        return BodyFailure{badRequest("Request body must be a JSON object"), false};
    case JsonBodyError::NulCharacter:
        return BodyFailure{badRequest(kNul), false};
    case JsonBodyError::TooManyValues:
        return BodyFailure{badRequest(kTooMany), false};
    }
    return std::nullopt;
}

// which assignField keeps whole): the same answer without building anything.
std::size_t bracketDepth(std::string_view name) {
    const std::size_t open = name.find('[');
    if (open == std::string_view::npos || open == 0) return 0;
    std::size_t depth = 0, pos = open;
    while (pos < name.size()) {
        if (name[pos] != '[') return 0;
        const std::size_t close = name.find(']', pos + 1);
        if (close == std::string_view::npos) return 0;
        ++depth;
        pos = close + 1;
    }
    return depth;
}

// The checks of a text field that need no tree: UTF-8, NUL (raw_file_content may carry
// one to the plugin, docs/decisions.md D65), bracket nesting, and the field count.
void checkTextField(const std::string& name, const std::string& value, std::size_t& fields) {
    if (!domain::isValidUtf8(name) || !domain::isValidUtf8(value)) throw BadBody{kNotUtf8};
    if (name.find('\0') != std::string::npos ||
        (name != "raw_file_content" && value.find('\0') != std::string::npos))
        throw BadBody{kNul};
    if (++fields > kMaxFields) throw BadBody{kTooMany};
    if (bracketDepth(name) > kMaxFieldNesting) throw BadBody{kTooDeep};
}

// Stage A for JSON: the bytes are kept, checked by one linear pass.
std::optional<BodyFailure> readJson(BodyReader& reader, std::size_t expected, RawBody& out) {
    out.json = reader.readAll(expected);
    if (auto failure = jsonFailure(validateJsonObjectBody(out.json, kMaxJsonDepth))) return failure;
    out.kind = out.json.empty() ? BodyKind::None : BodyKind::Json;
    return std::nullopt;
}

void readForm(BodyReader& reader, RawBody& out) {
    const std::string body = reader.readAll();
    std::size_t count = 0;
    for (auto& [name, value] : parseUrlEncoded(body)) {
        checkTextField(name, value, count);
        out.fields.emplace_back(std::move(name), std::move(value));
    }
    out.kind = body.empty() ? BodyKind::None : BodyKind::Form;
}

void readMultipart(BodyReader& reader, const Poco::Net::NameValueCollection& typeParams,
                   RawBody& out) {
    std::size_t count = 0;
    const std::string boundary = typeParams.get("boundary", "");
    if (boundary.empty() || boundary.size() > 200) throw BadBody{kMalformedMultipart};
    MultipartReader multipart(reader, boundary);
    multipart.read([&](MultipartPart&& part) {
        if (part.filename) {
            // Only the `file` part is kept; a file input left empty sends filename="" and
            // no bytes, which means "no file" (as Rack does).
            if (part.name != "file" || (part.filename->empty() && part.data.empty())) return;
            out.file = FilePart{part.name, std::move(*part.filename), std::move(part.contentType),
                                std::move(part.data)};
            out.fileFieldWasText = false;
            return;
        }
        if (part.name.empty()) return;
        if (part.name == "file") out.fileFieldWasText = true;
        checkTextField(part.name, part.data, count);
        out.fields.emplace_back(std::move(part.name), std::move(part.data));
    });
    out.kind = reader.bytesRead() == 0 ? BodyKind::None : BodyKind::Multipart;
}

// Inside a catch block: the answer to a failed read of the body's bytes (too large, unreadable,
// too slow); any other exception goes on up.
BodyFailure readFailure() {
    try {
        throw;
    } catch (const BodyTooLarge&) {
        return BodyFailure{payloadTooLarge(), true};
    } catch (const BodyReadFailed&) {
        return BodyFailure{badRequest("Request body could not be read"), true};
    } catch (const BodyTooSlow&) {
        return BodyFailure{badRequest(kTooSlow), true};
    }
}

bool hasBody(const BodyInfo& info) {
    return info.chunked || (info.contentLength && *info.contentLength > 0);
}

} // namespace

std::optional<BodyFailure> readRequestBody(const BodyInfo& info, std::istream& in, std::size_t cap,
                                           RawBody& out, BodyWatch* watch) {
    out = RawBody{};
    if (info.contentLength && *info.contentLength > cap) {
        return BodyFailure{payloadTooLarge(), true};
    }
    if (!hasBody(info)) return std::nullopt;

    std::string mediaType;
    Poco::Net::NameValueCollection typeParams;
    if (info.contentType) {
        Poco::Net::MessageHeader::splitParameters(*info.contentType, mediaType, typeParams);
        mediaType = Poco::toLower(Poco::trim(mediaType));
    }
    BodyReader reader(in, cap, watch);
    try {
        if (mediaType == "application/json")
            return readJson(reader, static_cast<std::size_t>(info.contentLength.value_or(0)), out);
        if (mediaType == "multipart/form-data") {
            readMultipart(reader, typeParams, out);
            return std::nullopt;
        }
        if (mediaType == "application/x-www-form-urlencoded") {
            readForm(reader, out);
            return std::nullopt;
        }
        // Any other type: only an empty body is acceptable; one byte decides.
        char probe = 0;
        if (reader.read(&probe, 1) == 0) return std::nullopt;
        return BodyFailure{unsupportedMediaType(), true};
    } catch (const MalformedMultipart&) {
        return BodyFailure{badRequest(kMalformedMultipart), !reader.atEnd()};
    } catch (const BadBody& bad) {
        return BodyFailure{badRequest(bad.message), !reader.atEnd()};
    } catch (const std::runtime_error&) {
        return readFailure();
    }
}

std::optional<BodyFailure> buildRequestParams(RawBody&& body, Request& request) {
    request.bodyKind = body.kind;
    request.params = Params();
    request.file = std::move(body.file);
    request.fileFieldWasText = body.fileFieldWasText;
    if (body.kind == BodyKind::Json) {
        // Consumed: the tree takes the body's bytes for raw_file_content.
        JsonBodyResult parsed = parseValidatedJsonObject(std::move(body.json), kMaxJsonDepth);
        if (auto failure = jsonFailure(parsed.error)) return failure;
        request.params = Params(std::move(parsed.value));
        return std::nullopt;
    }
    for (auto& [name, value] : body.fields)
        if (!request.params.assignField(name, std::move(value), kMaxFieldNesting))
            return BodyFailure{badRequest(kTooDeep), false};
    return std::nullopt;
}

std::optional<BodyFailure> parseRequestBody(const BodyInfo& info, std::istream& in, std::size_t cap,
                                            Request& request) {
    RawBody raw;
    if (auto failure = readRequestBody(info, in, cap, raw)) {
        request.bodyKind = BodyKind::None;
        request.params = Params();
        return failure;
    }
    return buildRequestParams(std::move(raw), request);
}

std::optional<BodyFailure> discardRequestBody(const BodyInfo& info, std::istream& in,
                                              std::size_t cap) {
    if (info.contentLength && *info.contentLength > cap) {
        return BodyFailure{payloadTooLarge(), true};
    }
    if (!hasBody(info)) return std::nullopt;
    BodyReader reader(in, cap);
    try {
        reader.drain();
    } catch (const std::runtime_error&) {
        return readFailure();
    }
    return std::nullopt;
}

} // namespace finimport::http
