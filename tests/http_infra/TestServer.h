#pragma once
// A real HttpServer on an ephemeral port with a fake Authenticator and echo routes, plus
// small HTTP client helpers (Poco HTTPClientSession and raw sockets).

#include "http/HttpServer.h"
#include "http/RateLimit.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace finimport::http::test {

// Keys: "key-rw" (read_write), "key-r" (read), "key-w" (scope "write"), "key-deact"
// (deactivated user), "key-throw" (the lookup throws); anything else is invalid.
class FakeAuthenticator : public Authenticator {
public:
    AuthOutcome authenticate(const std::string& apiKey) override;
    std::atomic<int> calls{0};
};

struct HttpResult {
    int status = 0;
    std::string reason;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string header(const std::string& name) const; // "" when absent
    bool hasHeader(const std::string& name) const;
};

struct TestServerOptions {
    RateLimitMode mode = RateLimitMode::SelfHosted;
    RateLimiter::Clock clock; // managed mode tests pin the time
};

class TestServer {
public:
    explicit TestServer(TestServerOptions options = {});
    ~TestServer();

    uint16_t port() const { return _server->port(); }
    FakeAuthenticator& auth() { return *_auth; }

    // One request on a fresh connection. `headers` are sent as given.
    HttpResult send(const std::string& method, const std::string& uri,
                    const std::vector<std::pair<std::string, std::string>>& headers = {},
                    const std::string& body = "", const std::string& contentType = "") const;
    HttpResult get(const std::string& uri, const std::string& apiKey = "key-rw") const;
    HttpResult postJson(const std::string& uri, const std::string& body,
                        const std::string& apiKey = "key-rw") const;

    // Writes `request` on a raw socket and returns everything read until EOF/timeout.
    std::string raw(const std::string& request, int timeoutSeconds = 10) const;

private:
    std::shared_ptr<FakeAuthenticator> _auth;
    std::unique_ptr<HttpServer> _server;
};

// Parses a raw HTTP/1.1 response (Content-Length or chunked body).
HttpResult parseRawResponse(const std::string& raw);

// A multipart body builder.
struct MultipartBuilder {
    std::string boundary = "XyZBoundary123";
    std::string body;
    MultipartBuilder& field(const std::string& name, const std::string& value);
    MultipartBuilder& file(const std::string& name, const std::string& filename,
                           const std::string& contentType, const std::string& data);
    std::string finish();
    std::string contentType() const { return "multipart/form-data; boundary=" + boundary; }
};

} // namespace finimport::http::test
