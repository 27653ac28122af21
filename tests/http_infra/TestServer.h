#pragma once
// A real HttpServer on an ephemeral port with a fake Authenticator and echo routes, plus
// small HTTP client helpers (Poco HTTPClientSession and raw sockets).

#include "http/HttpServer.h"
#include "http/RateLimit.h"

#include "HttpClient.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace finimport::http::test {

using finimport::test::HttpResult;
using finimport::test::MultipartBuilder;
using finimport::test::parseRawResponse;

// Keys: "key-rw" (read_write), "key-r" (read), "key-w" (scope "write"), "key-deact"
// (deactivated user), "key-throw" (the lookup throws); anything else is invalid.
class FakeAuthenticator : public Authenticator {
public:
    AuthOutcome authenticate(const std::string& apiKey) override;
    std::atomic<int> calls{0};
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

} // namespace finimport::http::test
