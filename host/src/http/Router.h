#pragma once
// METHOD + path pattern -> handler, with each route's auth requirement and body mode.
// Patterns are literal segments and `{name}` captures: `/api/v1/imports/{id}/rows`.
// Trailing slash policy: one trailing slash is ignored (`/api/v1/trades/` == `/api/v1/trades`),
// as in the reference (Rails); empty inner segments (`//`) never match.
// When several patterns match, the one with a literal earlier in the path wins, so
// `POST /api/v1/imports/preflight` beats `POST /api/v1/imports/{id}`.

#include "http/Auth.h"
#include "http/Errors.h"
#include "http/Request.h"

#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace finimport::http {

enum class BodyMode {
    None,  // the body is read and dropped
    Params // JSON / multipart / urlencoded body parsed into Request::params (docs/decisions.md D22)
};

using Handler = std::function<Response(Request&)>;

// A body worth watching while it arrives (docs/decisions.md D165): when a request carries
// `header` and a key of the route's scope, `open` is called before the body is read (the key is
// looked up then, once, though its 401 still comes after the body's 400/413); what it returns is
// told the bytes as they arrive and kept in Request::bodyWatch.
struct BodyWatchHook {
    std::string header;
    std::function<std::shared_ptr<BodyWatch>(const Principal&, const Request&,
                                             std::optional<uint64_t> contentLength)>
        open;
};

struct Route {
    std::string method; // upper case: GET, POST, ...
    std::string pattern;
    AuthRequirement auth = AuthRequirement::Read;
    BodyMode body = BodyMode::None;
    Handler handler;
    // The 500 message when the handler throws (the error code is internal_server_error).
    std::string internalErrorMessage = kDefaultInternalErrorMessage;
    std::optional<BodyWatchHook> watchBody = std::nullopt;
};

struct RouteMatch {
    const Route* route = nullptr; // null: see allowedMethods
    std::map<std::string, std::string> pathParams;
    // When route is null: the methods the path supports (405), or empty (404). Sorted.
    std::vector<std::string> allowedMethods;
};

class Router {
public:
    // Throws std::invalid_argument for a malformed pattern or a duplicate METHOD + pattern.
    // The returned reference stays valid (e.g. to set internalErrorMessage).
    Route& add(Route route);
    Route& get(std::string pattern, AuthRequirement auth, Handler handler);
    Route& post(std::string pattern, AuthRequirement auth, BodyMode body, Handler handler);

    // `path` is the raw (percent-encoded) path; captured values are decoded.
    RouteMatch match(std::string_view method, std::string_view path) const;
    // Every METHOD and pattern added, in order (the OpenAPI contract test documents each).
    std::vector<std::pair<std::string, std::string>> routes() const;

private:
    struct Compiled {
        Route route;
        std::vector<std::string> segments; // "{x}" marks a capture
    };
    std::deque<Compiled> _routes; // a deque keeps references from add() valid
};

} // namespace finimport::http
