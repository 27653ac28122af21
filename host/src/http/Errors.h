#pragma once
// Standard JSON responses. Error bodies are {"error","message"[,"errors"][,extras…]} in that
// key order (docs/api.md shapes).

#include "app/ErrorKind.h"
#include "http/Auth.h"
#include "http/Request.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::http {

// The status code of an application error kind: Invalid 422, NotFound 404, Conflict 409,
// Internal 500 (docs/api.md, error bodies).
int statusOf(app::ErrorKind kind);

// A JSON response with the given pre-rendered body.
Response jsonResponse(int status, std::string json);

// `extraRawJson` values are rendered JSON (e.g. JsonWriter::quote(id)), appended after
// `errors` in the given order.
Response jsonError(int status, std::string_view error, std::string_view message,
                   const std::optional<std::vector<std::string>>& errors = std::nullopt,
                   const NameValueList& extraRawJson = {});

// A refused application operation: its kind's status and body, with `import_id` after `errors`
// when it names an import.
Response errorResponse(const app::Error& e);

// 422 {"error":"validation_failed","message":M,"errors":[M]} (the list endpoints' shape).
Response validationFailed(std::string_view message);

inline constexpr const char* kDefaultInternalErrorMessage = "An unexpected error occurred.";

Response routeNotFound();
Response methodNotAllowed(const std::vector<std::string>& allowedMethods);
Response badRequest(std::string_view message);
Response payloadTooLarge();
Response unsupportedMediaType();
Response unauthorized(bool deactivated);
Response insufficientScope(AuthRequirement requirement);
Response internalError(std::string_view message = kDefaultInternalErrorMessage);

} // namespace finimport::http
