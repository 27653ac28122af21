// Authentication (docs/api.md §3.2) and scopes (§3.3).
#include "TestServer.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::http;
using namespace finimport::http::test;

namespace {
const std::string kInvalid =
    R"({"error":"unauthorized","message":"Access token or API key is invalid, expired, or missing"})";
const std::string kDeactivated =
    R"({"error":"unauthorized","message":"Account has been deactivated"})";
const std::string kNeedRead =
    R"({"error":"insufficient_scope","message":"This action requires the 'read' scope"})";
const std::string kNeedWrite =
    R"({"error":"insufficient_scope","message":"This action requires the 'write' scope"})";
} // namespace

class AuthTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AuthTest);
    CPPUNIT_TEST(testMissingEmptyInvalid);
    CPPUNIT_TEST(testExactValueNoTrimming);
    CPPUNIT_TEST(testHeaderNameCaseInsensitive);
    CPPUNIT_TEST(testDeactivated);
    CPPUNIT_TEST(testReadScope);
    CPPUNIT_TEST(testWriteScope);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { _server = std::make_unique<TestServer>(); }
    void tearDown() override { _server.reset(); }

    void check401(const HttpResult& r, const std::string& body) {
        CPPUNIT_ASSERT_EQUAL(401, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Unauthorized"), r.reason);
        CPPUNIT_ASSERT_EQUAL(body, r.body);
        CPPUNIT_ASSERT(!r.hasHeader("X-RateLimit-Limit"));
        CPPUNIT_ASSERT(!r.hasHeader("X-RateLimit-Remaining"));
        CPPUNIT_ASSERT(!r.hasHeader("X-RateLimit-Reset"));
        CPPUNIT_ASSERT(r.hasHeader("X-Request-Id"));
    }

    void testMissingEmptyInvalid() {
        check401(_server->get("/api/v1/things", ""), kInvalid);
        check401(_server->send("GET", "/api/v1/things", {{"X-Api-Key", ""}}), kInvalid);
        check401(_server->get("/api/v1/things", "unknown-key"), kInvalid);
        check401(_server->postJson("/api/v1/things", "{}", ""), kInvalid);
        // Authorization headers are ignored (no OAuth).
        check401(_server->send("GET", "/api/v1/things", {{"Authorization", "Bearer key-rw"}}),
                 kInvalid);
    }

    void testExactValueNoTrimming() {
        check401(_server->get("/api/v1/things", "KEY-RW"), kInvalid);
        check401(_server->get("/api/v1/things", "key-r w"), kInvalid);
    }

    void testHeaderNameCaseInsensitive() {
        const HttpResult r =
            parseRawResponse(_server->raw("GET /api/v1/things HTTP/1.1\r\nHost: x\r\nx-api-KEY: "
                                          "key-r\r\nConnection: close\r\n\r\n"));
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT(r.body.find(R"("key_id":"k-r")") != std::string::npos);
    }

    void testDeactivated() { check401(_server->get("/api/v1/things", "key-deact"), kDeactivated); }

    void testReadScope() {
        CPPUNIT_ASSERT_EQUAL(200, _server->get("/api/v1/things", "key-r").status);
        CPPUNIT_ASSERT_EQUAL(200, _server->get("/api/v1/things", "key-rw").status);
        const HttpResult r = _server->get("/api/v1/things", "key-w");
        CPPUNIT_ASSERT_EQUAL(403, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Forbidden"), r.reason);
        CPPUNIT_ASSERT_EQUAL(kNeedRead, r.body);
        // A POST that needs only read.
        CPPUNIT_ASSERT_EQUAL(201,
                             _server->postJson("/api/v1/things/preflight", "{}", "key-r").status);
        CPPUNIT_ASSERT_EQUAL(kNeedRead,
                             _server->postJson("/api/v1/things/preflight", "{}", "key-w").body);
    }

    void testWriteScope() {
        CPPUNIT_ASSERT_EQUAL(201, _server->postJson("/api/v1/things", "{}", "key-rw").status);
        for (const char* key : {"key-r", "key-w"}) {
            const HttpResult r = _server->postJson("/api/v1/things", "{}", key);
            CPPUNIT_ASSERT_EQUAL(403, r.status);
            CPPUNIT_ASSERT_EQUAL(kNeedWrite, r.body);
        }
    }

private:
    std::unique_ptr<TestServer> _server;
};

CPPUNIT_TEST_SUITE_REGISTRATION(AuthTest);
