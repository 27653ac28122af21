#include "http/Errors.h"

#include "http/JsonWriter.h"

namespace finimport::http {

Response jsonResponse(int status, std::string json) {
    Response response;
    response.status = status;
    response.body = std::move(json);
    return response;
}

int statusOf(app::ErrorKind kind) {
    switch (kind) {
    case app::ErrorKind::Invalid:
        return 422;
    case app::ErrorKind::NotFound:
        return 404;
    case app::ErrorKind::Conflict:
        return 409;
    case app::ErrorKind::Internal:
        return 500;
    }
    return 500;
}

Response jsonError(int status, std::string_view error, std::string_view message,
                   const std::optional<std::vector<std::string>>& errors,
                   const NameValueList& extraRawJson) {
    JsonWriter json;
    json.beginObject().key("error").string(error).key("message").string(message);
    if (errors) {
        json.key("errors").beginArray();
        for (const auto& e : *errors)
            json.string(e);
        json.endArray();
    }
    for (const auto& [key, raw] : extraRawJson)
        json.key(key).raw(raw);
    json.endObject();
    return jsonResponse(status, json.take());
}

Response errorResponse(const app::Error& e) {
    NameValueList extras;
    if (e.importId) extras.emplace_back("import_id", JsonWriter::quote(*e.importId));
    return jsonError(statusOf(e.kind), e.error, e.message, e.errors, extras);
}

Response validationFailed(std::string_view message) {
    return jsonError(422, "validation_failed", message,
                     std::vector<std::string>{std::string(message)});
}

Response routeNotFound() {
    return jsonError(404, "not_found", "Route not found");
}

Response methodNotAllowed(const std::vector<std::string>& allowedMethods) {
    Response response = jsonError(405, "method_not_allowed", "Method not allowed");
    std::string allow;
    for (const auto& method : allowedMethods) {
        if (!allow.empty()) allow += ", ";
        allow += method;
    }
    response.header("Allow", allow);
    return response;
}

Response badRequest(std::string_view message) {
    return jsonError(400, "bad_request", message);
}

Response payloadTooLarge() {
    return jsonError(413, "payload_too_large", "Request body is too large.");
}

Response unsupportedMediaType() {
    return jsonError(415, "unsupported_media_type",
                     "Content-Type must be application/json or multipart/form-data");
}

Response unauthorized(bool deactivated) {
    return jsonError(401, "unauthorized",
                     deactivated ? "Account has been deactivated"
                                 : "Access token or API key is invalid, expired, or missing");
}

Response insufficientScope(AuthRequirement requirement) {
    return jsonError(403, "insufficient_scope",
                     requirement == AuthRequirement::Write
                         ? "This action requires the 'write' scope"
                         : "This action requires the 'read' scope");
}

Response internalError(std::string_view message) {
    return jsonError(500, "internal_server_error", message);
}

} // namespace finimport::http
