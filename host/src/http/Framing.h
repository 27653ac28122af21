#pragma once
// The framing of a request head as RFC 9112 §6 requires, checked before any handler runs:
// a request whose body length is ambiguous is refused and its connection closed, so bytes
// after it can never be taken for a second request (request smuggling). See docs/api.md
// "HTTP framing".

#include "http/Url.h"

#include <optional>
#include <string>

namespace finimport::http {

struct FramingProblem {
    int status; // 400, 501 (unknown transfer coding) or 505 (HTTP version)
    std::string message;
};

// `version` as sent on the request line; `headers` in arrival order, names as sent.
std::optional<FramingProblem> checkFraming(const std::string& version,
                                           const NameValueList& headers);

// The whole answer (status line, Connection: close, a JSON error body) for a problem.
std::string framingResponse(const FramingProblem& problem);

} // namespace finimport::http
