#include "http/BodyParser.h"

#include "http/BodyReader.h"
#include "http/Errors.h"
#include "http/JsonParser.h"
#include "http/Multipart.h"
#include "http/Utf8.h"

#include <Poco/Net/MessageHeader.h>
#include <Poco/Net/NameValueCollection.h>
#include <Poco/String.h>

namespace finimport::http {

namespace {

constexpr const char* kNotUtf8 = "Request body is not valid UTF-8";
constexpr const char* kTooDeep = "Request body is nested too deeply";
constexpr const char* kMalformedMultipart = "Malformed multipart body";
// Bracketed form names nest objects; bound them like JSON nesting.
constexpr std::size_t kMaxFieldNesting = kMaxJsonDepth - 1;

// Thrown inside the form/multipart paths for a 400 with a D22 message.
struct BadBody {
    const char* message;
};

std::optional<BodyFailure> parseJson(BodyReader& reader, Request& request) {
    const std::string body = reader.readAll();
    JsonBodyResult parsed = parseJsonObjectBody(body, kMaxJsonDepth);
    switch (parsed.error) {
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
    }
    request.params = Params(std::move(parsed.value));
    request.bodyKind = body.empty() ? BodyKind::None : BodyKind::Json;
    return std::nullopt;
}

void assignTextField(Request& request, const std::string& name, std::string value) {
    if (!isValidUtf8(name) || !isValidUtf8(value)) throw BadBody{kNotUtf8};
    if (!request.params.assignField(name, std::move(value), kMaxFieldNesting)) {
        throw BadBody{kTooDeep};
    }
}

void parseForm(BodyReader& reader, Request& request) {
    const std::string body = reader.readAll();
    for (auto& [name, value] : parseUrlEncoded(body)) {
        assignTextField(request, name, std::move(value));
    }
    request.bodyKind = body.empty() ? BodyKind::None : BodyKind::Form;
}

void parseMultipart(BodyReader& reader, const Poco::Net::NameValueCollection& typeParams,
                    Request& request) {
    const std::string boundary = typeParams.get("boundary", "");
    if (boundary.empty() || boundary.size() > 200) throw BadBody{kMalformedMultipart};
    MultipartReader multipart(reader, boundary);
    multipart.read([&](MultipartPart&& part) {
        if (part.filename) {
            // Only the `file` part is kept; a file input left empty sends filename="" and
            // no bytes, which means "no file" (as Rack does).
            if (part.name != "file" || (part.filename->empty() && part.data.empty())) return;
            request.file = FilePart{part.name, std::move(*part.filename),
                                    std::move(part.contentType), std::move(part.data)};
            request.fileFieldWasText = false;
            return;
        }
        if (part.name.empty()) return;
        if (part.name == "file") request.fileFieldWasText = true;
        assignTextField(request, part.name, std::move(part.data));
    });
    request.bodyKind = reader.bytesRead() == 0 ? BodyKind::None : BodyKind::Multipart;
}

bool hasBody(const BodyInfo& info) {
    return info.chunked || (info.contentLength && *info.contentLength > 0);
}

} // namespace

std::optional<BodyFailure> parseRequestBody(const BodyInfo& info, std::istream& in, std::size_t cap,
                                            Request& request) {
    request.bodyKind = BodyKind::None;
    request.params = Params();
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
    BodyReader reader(in, cap);
    try {
        if (mediaType == "application/json") return parseJson(reader, request);
        if (mediaType == "multipart/form-data") {
            parseMultipart(reader, typeParams, request);
            return std::nullopt;
        }
        if (mediaType == "application/x-www-form-urlencoded") {
            parseForm(reader, request);
            return std::nullopt;
        }
        // Any other type: only an empty body is acceptable; one byte decides.
        char probe = 0;
        if (reader.read(&probe, 1) == 0) return std::nullopt;
        return BodyFailure{unsupportedMediaType(), true};
    } catch (const BodyTooLarge&) {
        return BodyFailure{payloadTooLarge(), true};
    } catch (const BodyReadFailed&) {
        return BodyFailure{badRequest("Request body could not be read"), true};
    } catch (const MalformedMultipart&) {
        return BodyFailure{badRequest(kMalformedMultipart), !reader.atEnd()};
    } catch (const BadBody& bad) {
        return BodyFailure{badRequest(bad.message), !reader.atEnd()};
    }
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
    } catch (const BodyTooLarge&) {
        return BodyFailure{payloadTooLarge(), true};
    } catch (const BodyReadFailed&) {
        return BodyFailure{badRequest("Request body could not be read"), true};
    }
    return std::nullopt;
}

} // namespace finimport::http
