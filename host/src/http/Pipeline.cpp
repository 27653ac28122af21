#include "http/Pipeline.h"

#include "domain/LogLine.h"
#include "http/Errors.h"
#include "http/JsonWriter.h"
#include "http/PocoAdapter.h"
#include "http/RequestConnection.h"
#include "http/ServerLog.h"
#include "jobs/JobQueue.h"

#include <Poco/UUIDGenerator.h>

#include <exception>

namespace finimport::http {

std::string newRequestId() {
    return Poco::UUIDGenerator::defaultGenerator().createRandom().toString();
}

RequestPipeline::RequestPipeline(Router router, std::shared_ptr<Authenticator> authenticator,
                                 std::shared_ptr<RateLimiter> rateLimiter, PipelineConfig config)
    : _router(std::move(router)), _authenticator(std::move(authenticator)),
      _rateLimiter(std::move(rateLimiter)), _config(config), _gate(config.requestConcurrency),
      _log(Poco::Logger::get("finimport.http")) {
    if (!_rateLimiter) _rateLimiter = std::make_shared<RateLimiter>(RateLimitMode::SelfHosted);
}

namespace {

bool hasBody(const BodyInfo& body) {
    return body.chunked || (body.contentLength && *body.contentLength > 0);
}

} // namespace

std::optional<AuthOutcome> RequestPipeline::watchBody(const BodyWatchHook& hook,
                                                      AuthRequirement auth, Request& request,
                                                      const BodyInfo& body) {
    if (auth == AuthRequirement::None || !_authenticator) return std::nullopt;
    const auto key = request.headers.get("X-Api-Key");
    if (!key || key->empty() || !request.headers.get(hook.header)) return std::nullopt;
    // A body refused by its length alone is never watched (413 before anything else).
    if (body.contentLength && *body.contentLength > _config.maxBodyBytes) return std::nullopt;
    // The key is looked up before the body only for a request that asks to be watched; the
    // outcome is kept for step 2, so it is looked up once either way.
    AuthOutcome outcome;
    try {
        outcome = _authenticator->authenticate(*key);
    } catch (const std::exception&) {
        return std::nullopt; // step 2 asks again, after the body, and answers its 500
    }
    if (outcome.status == AuthOutcome::Status::Ok && scopeSatisfies(outcome.principal.scope, auth))
        request.bodyWatch =
            hook.open(outcome.principal, request, body.chunked ? std::nullopt : body.contentLength);
    return outcome;
}

Response RequestPipeline::runRoute(const Route& route, Request& request, const BodyInfo& body,
                                   std::istream& in, bool& bodyLeftUnread,
                                   NameValueList& rateHeaders) {
    // 1. Body, before authentication: read and checked by linear scans only (a broken body is
    //    400 even without a key); the parameter tree is built after authentication.
    const bool paramsBody = route.body == BodyMode::Params;
    std::optional<AuthOutcome> early;
    if (paramsBody && route.watchBody)
        early = watchBody(*route.watchBody, route.auth, request, body);
    RawBody raw;
    const auto failure =
        paramsBody ? readRequestBody(body, in, _config.maxBodyBytes, raw, request.bodyWatch.get())
                   : discardRequestBody(body, in, _config.maxBodyBytes);
    if (failure) {
        bodyLeftUnread = failure->bodyLeftUnread;
        return failure->response;
    }
    auto buildParams = [&]() -> std::optional<Response> {
        if (!paramsBody) return std::nullopt;
        if (auto built = buildRequestParams(std::move(raw), request)) return built->response;
        return std::nullopt;
    };
    // Keyed reads (GET, HEAD) without a body take a permit for the rest of their work, the key
    // lookup included. Writes do not: one waiting for the database's write lock would hold a
    // place the reads need.
    std::optional<ExecutionGate::Permit> permit;
    if (route.auth == AuthRequirement::None) {
        if (auto bad = buildParams()) return *bad;
    } else {
        const bool read = request.method == "GET" || request.method == "HEAD";
        if (read && !hasBody(body)) permit.emplace(_gate);
        // 2. Authentication. The value is matched exactly: no trimming, empty is missing.
        const auto key = request.headers.get("X-Api-Key");
        if (!key || key->empty() || !_authenticator) return unauthorized(false);
        const AuthOutcome outcome = early ? *early : _authenticator->authenticate(*key);
        if (outcome.status != AuthOutcome::Status::Ok) {
            return unauthorized(outcome.status == AuthOutcome::Status::Deactivated);
        }
        // The tree (hashed keys, capped values) only for a request with a valid key.
        if (auto bad = buildParams()) return *bad;
        request.principal = outcome.principal;
        // 3. Rate limit: counted now, so later 403/404/422 still use quota.
        RateDecision rate = _rateLimiter->check(request.principal.keyId);
        rateHeaders = rate.headers;
        if (!rate.allowed) {
            JsonWriter details;
            details.beginObject()
                .key("limit")
                .integer(rate.limit)
                .key("current")
                .integer(rate.current)
                .key("reset_in_seconds")
                .integer(rate.resetSeconds)
                .endObject();
            return jsonError(429, "rate_limit_exceeded",
                             "Rate limit exceeded. Try again in " +
                                 std::to_string(rate.resetSeconds) + " seconds.",
                             std::nullopt, {{"details", details.str()}});
        }
        // 4. Scope.
        if (!scopeSatisfies(request.principal.scope, route.auth)) {
            return insufficientScope(route.auth);
        }
    }
    return route.handler(request); // 5.
}

Response RequestPipeline::process(Request& request, const BodyInfo& body, std::istream& in,
                                  bool& bodyLeftUnread) {
    bodyLeftUnread = false;
    const RouteMatch match = _router.match(request.method, request.rawPath);
    if (match.route == nullptr) {
        bodyLeftUnread = hasBody(body);
        return match.allowedMethods.empty() ? routeNotFound()
                                            : methodNotAllowed(match.allowedMethods);
    }
    request.pathParams = match.pathParams;
    request.route = match.route->pattern;
    NameValueList rateHeaders;
    Response response;
    try {
        response = runRoute(*match.route, request, body, in, bodyLeftUnread, rateHeaders);
    } catch (const std::exception& e) {
        request.failure = describeFailure(e);
        response = internalError(match.route->internalErrorMessage);
    } catch (...) {
        request.failure = RequestFailure{"(not a std::exception)", "", "handler"};
        response = internalError(match.route->internalErrorMessage);
    }
    // A watched body's ticket ends with its answer, before the client hears it
    // (docs/decisions.md D165).
    request.bodyWatch.reset();
    if (response.status != 401) {
        for (auto& header : rateHeaders)
            response.headers.push_back(std::move(header));
    }
    return response;
}

void RequestPipeline::handle(Poco::Net::HTTPServerRequest& req,
                             Poco::Net::HTTPServerResponse& resp) {
    const auto started = std::chrono::steady_clock::now();
    Request request;
    request.requestId = newRequestId();
    // Jobs queued by this request carry its id into their own log line.
    jobs::RequestIdScope requestScope(request.requestId);
    bool bodyLeftUnread = false;
    Response response;
    try {
        fillRequestFromPoco(req, request);
        std::istream* body = connectionBodyStream();
        response =
            process(request, bodyInfoFromPoco(req), body ? *body : req.stream(), bodyLeftUnread);
    } catch (const std::exception& e) {
        // Only a failure outside any route (e.g. a malformed request line) lands here.
        request.failure = describeFailure(e);
        request.failure->layer = "http";
        response = internalError();
        bodyLeftUnread = true;
    }
    sendResponse(req, resp, request, response, bodyLeftUnread, _config, _log);
    logAndCount(request, response.status, started);
}

void RequestPipeline::logAndCount(const Request& request, int status,
                                  std::chrono::steady_clock::time_point started) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const std::string route = request.route.empty() ? "unmatched" : request.route;
    if (_metrics) _metrics->observeRequest(request.method, route, status, seconds);
    if (status >= 500) logServerError(request, status);
    // One structured line per request; values are JSON-escaped, so a path with
    // control characters cannot forge a line. The key id is not the key.
    domain::LogLine("request")
        .str("request_id", request.requestId)
        .str("method", request.method)
        .str("route", route)
        .str("path", request.path)
        .num("status", status)
        .dbl("duration_ms", seconds * 1000)
        .str("key_id", request.principal.keyId)
        .emit();
}

} // namespace finimport::http
