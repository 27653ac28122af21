#pragma once
// The request pipeline of docs/api.md §2: route -> body (400/413/415) -> auth (401) -> rate limit
// (429) -> scope (403) -> handler, plus X-Request-Id, rate-limit headers and the 500 barrier.

#include "http/Auth.h"
#include "http/BodyParser.h"
#include "http/ExecutionGate.h"
#include "http/Metrics.h"
#include "http/RateLimit.h"
#include "http/Router.h"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>

#include <chrono>
#include <memory>

namespace finimport::http {

struct PipelineConfig {
    std::size_t maxBodyBytes = kMaxBodyBytes;
    // After an early reject with the body unread, keep reading (and dropping) what the
    // client already sent, for up to this long, before closing: closing with unread data
    // makes TCP send a reset that can destroy the response before the client reads it.
    int lingerMillis = 500;
    std::size_t lingerMaxBytes = 4 * 1024 * 1024;
    // Keyed GET/HEAD requests without a body that run at once (http/ExecutionGate.h); 0: no
    // limit.
    int requestConcurrency = 0;
};

class RequestPipeline {
public:
    // The router must be complete: it is read concurrently and never changed afterwards.
    RequestPipeline(Router router, std::shared_ptr<Authenticator> authenticator,
                    std::shared_ptr<RateLimiter> rateLimiter, PipelineConfig config = {});

    void handle(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response);

    std::size_t maxBodyBytes() const { return _config.maxBodyBytes; }
    // Request counts and latencies go here (GET /metrics); set before serving.
    void setMetrics(std::shared_ptr<Metrics> metrics) { _metrics = std::move(metrics); }

    // Pure part of the pipeline (everything except socket I/O); exposed for unit tests.
    // Sets `bodyLeftUnread` when the connection must be closed.
    Response process(Request& request, const BodyInfo& body, std::istream& in,
                     bool& bodyLeftUnread);

private:
    void logAndCount(const Request& request, int status,
                     std::chrono::steady_clock::time_point started);
    // Opens the route's BodyWatchHook when the request asks for it; the key's outcome, when
    // looked up.
    std::optional<AuthOutcome> watchBody(const BodyWatchHook& hook, AuthRequirement auth,
                                         Request& request, const BodyInfo& body);
    Response runRoute(const Route& route, Request& request, const BodyInfo& body, std::istream& in,
                      bool& bodyLeftUnread, NameValueList& rateHeaders);

    Router _router;
    std::shared_ptr<Authenticator> _authenticator;
    std::shared_ptr<RateLimiter> _rateLimiter;
    PipelineConfig _config;
    ExecutionGate _gate;
    Poco::Logger& _log;
    std::shared_ptr<Metrics> _metrics;
};

// A random id for X-Request-Id and log lines (UUID v4 text).
std::string newRequestId();

} // namespace finimport::http
