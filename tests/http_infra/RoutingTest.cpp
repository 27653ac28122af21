// Routing (docs/decisions.md D23), the 500 barrier, X-Request-Id, self-hosted rate-limit headers,
// streaming.
#include "TestServer.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>

#include <chrono>
#include <regex>

using namespace finimport::http;
using namespace finimport::http::test;

class RoutingTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RoutingTest);
    CPPUNIT_TEST(testUnknownPathIs404);
    CPPUNIT_TEST(testOtherMethodIs405WithAllow);
    CPPUNIT_TEST(testPathParamsAndSpecificity);
    CPPUNIT_TEST(testTrailingSlashIgnored);
    CPPUNIT_TEST(testNoAuthRoute);
    CPPUNIT_TEST(testHandlerExceptionIs500WithoutInternals);
    CPPUNIT_TEST(testRouteDeclared500Message);
    CPPUNIT_TEST(testRequestIdIsRandomAndOnEveryResponse);
    CPPUNIT_TEST(testSelfHostedRateHeaders);
    CPPUNIT_TEST(testQueryKeepsRepeatedValues);
    CPPUNIT_TEST(testStreamingResponse);
    CPPUNIT_TEST(testBrokenStreamIsCutNotTerminated);
    CPPUNIT_TEST(testKeepAliveReuse);
    CPPUNIT_TEST(testManyKeepAliveConnectionsServed);
    CPPUNIT_TEST(testStopIsPrompt);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { _server = std::make_unique<TestServer>(); }
    void tearDown() override { _server.reset(); }

    void testUnknownPathIs404() {
        for (const char* uri : {"/nope", "/api/v1/things/a/b/c", "/api//things", "/"}) {
            const HttpResult r = _server->get(uri);
            CPPUNIT_ASSERT_EQUAL(404, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("Not Found"), r.reason);
            CPPUNIT_ASSERT_EQUAL(
                std::string(R"({"error":"not_found","message":"Route not found"})"), r.body);
            CPPUNIT_ASSERT_EQUAL(std::string("application/json; charset=utf-8"),
                                 r.header("Content-Type"));
        }
        // Without a key too: routing answers before authentication.
        CPPUNIT_ASSERT_EQUAL(404, _server->get("/nope", "").status);
    }

    void testOtherMethodIs405WithAllow() {
        HttpResult r = _server->send("DELETE", "/api/v1/things");
        CPPUNIT_ASSERT_EQUAL(405, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"error":"method_not_allowed","message":"Method not allowed"})"),
            r.body);
        CPPUNIT_ASSERT_EQUAL(std::string("GET, POST"), r.header("Allow"));
        r = _server->send("POST", "/api/v1/things/abc/rows");
        CPPUNIT_ASSERT_EQUAL(405, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), r.header("Allow"));
        r = _server->send("PUT", "/health");
        CPPUNIT_ASSERT_EQUAL(405, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("GET"), r.header("Allow"));
    }

    void testPathParamsAndSpecificity() {
        HttpResult r = _server->get("/api/v1/things/AbC%20d");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"id":"AbC d"})"), r.body);
        r = _server->get("/api/v1/things/x1/rows");
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"rows_of":"x1"})"), r.body);
        // The literal `preflight` beats `{id}` for POST; for GET only `{id}` exists.
        r = _server->postJson("/api/v1/things/preflight", "{}", "key-r");
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        r = _server->get("/api/v1/things/preflight");
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"id":"preflight"})"), r.body);
        r = _server->send("POST", "/api/v1/things/42/publish", {{"X-Api-Key", "key-rw"}});
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"published":"42"})"), r.body);
    }

    void testTrailingSlashIgnored() {
        const HttpResult r = _server->get("/api/v1/things/?a=1");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"path":"/api/v1/things/","query":[["a","1"]],"key_id":"k-rw"})"),
            r.body);
    }

    void testNoAuthRoute() {
        const HttpResult r = _server->get("/health", "");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"status":"ok"})"), r.body);
        CPPUNIT_ASSERT(!r.hasHeader("X-RateLimit-Limit"));
        CPPUNIT_ASSERT_EQUAL(0, _server->auth().calls.load());
    }

    void testHandlerExceptionIs500WithoutInternals() {
        const HttpResult r = _server->get("/api/v1/boom");
        CPPUNIT_ASSERT_EQUAL(500, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Internal Server Error"), r.reason);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"internal_server_error","message":"An unexpected error occurred."})"),
            r.body);
        CPPUNIT_ASSERT(r.body.find("SELECT") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(std::size_t(36), r.header("X-Request-Id").size());
        // Rate-limit headers still go out: the request passed the limiter.
        CPPUNIT_ASSERT_EQUAL(std::string("Infinity"), r.header("X-RateLimit-Limit"));
        // An authenticator that throws is a 500 too, and the server stays up.
        const HttpResult r2 = _server->get("/api/v1/things", "key-throw");
        CPPUNIT_ASSERT_EQUAL(500, r2.status);
        CPPUNIT_ASSERT(r2.body.find("hunter2") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(200, _server->get("/health", "").status);
    }

    void testRouteDeclared500Message() {
        const HttpResult r = _server->get("/api/v1/boom-quiet");
        CPPUNIT_ASSERT_EQUAL(500, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"internal_server_error","message":"An unexpected error occurred"})"),
            r.body);
    }

    void testRequestIdIsRandomAndOnEveryResponse() {
        const std::regex uuid(
            "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
        const HttpResult a = _server->get("/health", "");
        const HttpResult b = _server->get("/nope", "");
        const HttpResult c = _server->get("/api/v1/things", "");
        CPPUNIT_ASSERT(std::regex_match(a.header("X-Request-Id"), uuid));
        CPPUNIT_ASSERT(std::regex_match(b.header("X-Request-Id"), uuid));
        CPPUNIT_ASSERT(std::regex_match(c.header("X-Request-Id"), uuid));
        CPPUNIT_ASSERT(a.header("X-Request-Id") != b.header("X-Request-Id"));
    }

    void testSelfHostedRateHeaders() {
        for (int i = 0; i < 3; ++i) {
            const HttpResult r = _server->get("/api/v1/things");
            CPPUNIT_ASSERT_EQUAL(200, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("Infinity"), r.header("X-RateLimit-Limit"));
            CPPUNIT_ASSERT_EQUAL(std::string("Infinity"), r.header("X-RateLimit-Remaining"));
            CPPUNIT_ASSERT_EQUAL(std::string("0"), r.header("X-RateLimit-Reset"));
            CPPUNIT_ASSERT(!r.hasHeader("Retry-After"));
        }
        // A 403 passed the limiter, so it carries the headers as well.
        const HttpResult forbidden = _server->postJson("/api/v1/things", "{}", "key-r");
        CPPUNIT_ASSERT_EQUAL(403, forbidden.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Infinity"), forbidden.header("X-RateLimit-Remaining"));
    }

    void testQueryKeepsRepeatedValues() {
        const HttpResult r =
            _server->get("/api/v1/things?account_ids[]=a&account_ids%5B%5D=b&x=1+2%2B3&flag&e=");
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"path":"/api/v1/things","query":[["account_ids[]","a"],["account_ids[]","b"],["x","1 2+3"],["flag",""],["e",""]],"key_id":"k-rw"})"),
            r.body);
    }

    void testStreamingResponse() {
        const HttpResult r = _server->get("/api/v1/export");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("application/x-ndjson"), r.header("Content-Type"));
        CPPUNIT_ASSERT_EQUAL(std::string("chunked"), r.header("Transfer-Encoding"));
        CPPUNIT_ASSERT_EQUAL(std::string("{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n"), r.body);
    }

    void testBrokenStreamIsCutNotTerminated() {
        const std::string raw = _server->raw("GET /api/v1/export-broken HTTP/1.1\r\nHost: x\r\n"
                                             "X-Api-Key: key-rw\r\n\r\n");
        CPPUNIT_ASSERT_EQUAL(std::string("HTTP/1.1 200 OK"), raw.substr(0, 15));
        CPPUNIT_ASSERT(raw.find("{\"n\":1}") != std::string::npos);
        // No terminating zero-length chunk: the client can tell the export is incomplete.
        CPPUNIT_ASSERT(raw.find("\r\n0\r\n\r\n") == std::string::npos);
        CPPUNIT_ASSERT_EQUAL(200, _server->get("/health", "").status);
    }

    void testKeepAliveReuse() {
        // Two requests on one connection: the first one's body was consumed (drained).
        const std::string first = "POST /api/v1/things/1/publish HTTP/1.1\r\nHost: x\r\n"
                                  "X-Api-Key: key-rw\r\nContent-Length: 5\r\n\r\nhello";
        const std::string second = "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
        const std::string raw = _server->raw(first + second);
        const std::size_t split = raw.find("HTTP/1.1", 1);
        CPPUNIT_ASSERT(split != std::string::npos);
        CPPUNIT_ASSERT_EQUAL(200, parseRawResponse(raw.substr(0, split)).status);
        const HttpResult health = parseRawResponse(raw.substr(split));
        CPPUNIT_ASSERT_EQUAL(std::string(R"({"status":"ok"})"), health.body);
    }

    void testManyKeepAliveConnectionsServed() {
        // 40 idle keep-alive connections at once: with Poco's default pool (16 threads) the
        // later ones would wait for the earlier ones' keep-alive timeout.
        std::vector<std::unique_ptr<Poco::Net::HTTPClientSession>> sessions;
        const auto start = std::chrono::steady_clock::now();
        for (int round = 0; round < 2; ++round) {
            for (int i = 0; i < 40; ++i) {
                if (round == 0) {
                    sessions.push_back(std::make_unique<Poco::Net::HTTPClientSession>(
                        "127.0.0.1", _server->port()));
                    sessions.back()->setKeepAlive(true);
                }
                Poco::Net::HTTPRequest request("GET", "/health", "HTTP/1.1");
                request.setKeepAlive(true);
                sessions[i]->sendRequest(request);
                Poco::Net::HTTPResponse response;
                std::string body;
                Poco::StreamCopier::copyToString(sessions[i]->receiveResponse(response), body);
                CPPUNIT_ASSERT_EQUAL(std::string(R"({"status":"ok"})"), body);
            }
        }
        CPPUNIT_ASSERT(std::chrono::steady_clock::now() - start < std::chrono::seconds(3));
    }

    void testStopIsPrompt() {
        // An idle keep-alive connection must not hold stop() beyond the keep-alive timeout.
        Poco::Net::StreamSocket idle(Poco::Net::SocketAddress("127.0.0.1", _server->port()));
        const std::string request = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n";
        idle.sendBytes(request.data(), static_cast<int>(request.size()));
        char buffer[1024];
        CPPUNIT_ASSERT(idle.receiveBytes(buffer, sizeof buffer) > 0);
        const auto start = std::chrono::steady_clock::now();
        _server.reset();
        const auto elapsed = std::chrono::steady_clock::now() - start;
        CPPUNIT_ASSERT(elapsed < std::chrono::seconds(6));
    }

private:
    std::unique_ptr<TestServer> _server;
};

CPPUNIT_TEST_SUITE_REGISTRATION(RoutingTest);
