#pragma once
// Stage 1 of the pipeline (API.md §2, DECISIONS D22/D12): turns the raw body into Params,
// before authentication.

#include "http/Request.h"

#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>

namespace finimport::http {

inline constexpr std::size_t kMaxBodyBytes = 26 * 1024 * 1024; // D12 hard cap
inline constexpr std::size_t kMaxJsonDepth = 64;               // D22

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

// Fills request.bodyKind, params, file and fileFieldWasText. An absent or empty body is {}
// whatever its content type. Returns the 400/413/415 response on failure.
std::optional<BodyFailure> parseRequestBody(const BodyInfo& info, std::istream& in, std::size_t cap,
                                            Request& request);

// For routes that take no body: reads and drops it (capped) so keep-alive stays in sync.
std::optional<BodyFailure> discardRequestBody(const BodyInfo& info, std::istream& in,
                                              std::size_t cap);

} // namespace finimport::http
