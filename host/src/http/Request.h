#pragma once
// The framework-neutral request and response values handlers work with.

#include "http/Auth.h"
#include "http/Params.h"
#include "http/Url.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::http {

// Query-string parameters in arrival order; repeated names (`account_ids[]`) keep every value.
class QueryParams {
public:
    QueryParams() = default;
    explicit QueryParams(NameValueList pairs) : _pairs(std::move(pairs)) {}

    // The last value for `name` (Rails semantics: a later duplicate wins).
    std::optional<std::string> get(std::string_view name) const;
    std::vector<std::string> all(std::string_view name) const;
    bool has(std::string_view name) const { return get(name).has_value(); }
    const NameValueList& pairs() const { return _pairs; }

private:
    NameValueList _pairs;
};

// Request headers; names compare case-insensitively.
class Headers {
public:
    void add(std::string name, std::string value) {
        _pairs.emplace_back(std::move(name), std::move(value));
    }
    // The first value for `name`.
    std::optional<std::string> get(std::string_view name) const;
    const NameValueList& pairs() const { return _pairs; }

private:
    NameValueList _pairs;
};

struct FilePart {
    std::string fieldName;   // always "file" today
    std::string filename;    // as sent (may be empty)
    std::string contentType; // the part's full Content-Type value (parameters included), or ""
    std::string data;
};

enum class BodyKind { None, Json, Multipart, Form };

// Told how many bytes of a request's body have been read, as they arrive (a route's
// Route::watchBody opens one; docs/decisions.md D165). It lives as long as its request.
class BodyWatch {
public:
    virtual ~BodyWatch() = default;
    virtual void bytesRead(uint64_t total) = 0;
};

// Why a request failed, recorded where its exception was caught (http/ServerLog.h).
struct RequestFailure {
    std::string exceptionClass, message, layer;
};

struct Request {
    std::string method;
    std::string path;    // decoded
    std::string rawPath; // as sent (percent-encoded), what the router matches
    std::map<std::string, std::string> pathParams;
    QueryParams query;
    Headers headers;
    BodyKind bodyKind = BodyKind::None;
    Params params;                 // body parameters only (never the query string)
    std::optional<FilePart> file;  // multipart part named "file" that carried a filename
    bool fileFieldWasText = false; // a multipart text field named "file" (-> 422 by handlers)
    std::string requestId;
    std::string route;   // the matched route pattern (metrics, logs); empty when none matched
    Principal principal; // empty for routes without authentication
    std::optional<RequestFailure> failure; // set with a 5xx answer caused by an exception
    std::shared_ptr<BodyWatch> bodyWatch;  // the route's, when it watches this body

    const std::string& pathParam(const std::string& name) const { return pathParams.at(name); }
};

inline constexpr const char* kJsonContentType = "application/json; charset=utf-8";

struct Response {
    int status = 200;
    std::string body;
    // When set, sent instead of `body`: a body shared with a cache (http/PageCache.h), so a hit
    // costs no copy of it.
    std::shared_ptr<const std::string> sharedBody;
    std::string contentType = kJsonContentType;
    NameValueList headers;
    // When set, the body is streamed (chunked) by calling this instead of sending `body`.
    // Errors must be decided before streaming starts: the status is already sent.
    std::function<void(std::ostream&)> stream;

    Response& header(std::string name, std::string value) {
        headers.emplace_back(std::move(name), std::move(value));
        return *this;
    }
};

} // namespace finimport::http
