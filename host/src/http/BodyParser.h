#pragma once
// Stage 1 of the pipeline (docs/api.md §2, docs/decisions.md D22/D12): turns the raw body into
// Params. A request without a valid key only gets validateRequestBody's linear checks (so a broken
// body is still 400 before 401), never a parameter tree.

#include "http/Request.h"

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace finimport::http {

inline constexpr std::size_t kMaxBodyBytes = 26 * 1024 * 1024; // docs/decisions.md D12 hard cap
inline constexpr std::size_t kMaxJsonDepth = 64;               // docs/decisions.md D22

struct BodyInfo {
    std::optional<std::string> contentType; // the Content-Type header, if sent
    std::optional<uint64_t> contentLength;  // the Content-Length header, if sent
    bool chunked = false;                   // Transfer-Encoding: chunked
};

struct BodyFailure {
    Response response;
    // Part of the body was not consumed: the connection must not be reused (Connection: close).
    bool bodyLeftUnread = false;
};

// A body read and checked, before any parameter tree exists.
struct RawBody {
    BodyKind kind = BodyKind::None;
    std::string json;                                        // a JSON body's bytes
    std::vector<std::pair<std::string, std::string>> fields; // form/multipart text fields
    std::optional<FilePart> file;
    bool fileFieldWasText = false;
};

// Stage A, before authentication: reads the body (capped) and runs only linear checks (UTF-8,
// syntax, depth <= 64, NULs, field count): no tree, no key comparison, so a request without a
// key costs at most a scan yet a broken body is still 400 (docs/api.md §2).
// `watch`, when given, is told the bytes read as they arrive.
std::optional<BodyFailure> readRequestBody(const BodyInfo& info, std::istream& in, std::size_t cap,
                                           RawBody& out, BodyWatch* watch = nullptr);
// Stage B, after authentication: the parameter tree (hashed keys, at most kMaxJsonValues
// values). Fills request.bodyKind, params, file and fileFieldWasText.
std::optional<BodyFailure> buildRequestParams(RawBody&& body, Request& request);

// Both stages at once (tests, tools). An absent or empty body is {} whatever its content
// type. Returns the 400/413/415 response on failure.
std::optional<BodyFailure> parseRequestBody(const BodyInfo& info, std::istream& in, std::size_t cap,
                                            Request& request);

// For routes that take no body: reads and drops it (capped) so keep-alive stays in sync.
std::optional<BodyFailure> discardRequestBody(const BodyInfo& info, std::istream& in,
                                              std::size_t cap);

} // namespace finimport::http
