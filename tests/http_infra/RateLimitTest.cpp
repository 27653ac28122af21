// Managed rate limiting (docs/api.md §4): 100 per key per UTC hour, counted after auth, injected
// clock.
#include "TestServer.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <atomic>

using namespace finimport::http;
using namespace finimport::http::test;

namespace {
constexpr int64_t k1030 = 1705314600; // 2024-01-15T10:30:00Z
} // namespace

class RateLimitTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RateLimitTest);
    CPPUNIT_TEST(testManagedCountingAnd429);
    CPPUNIT_TEST(testFailuresBeforeTheLimiterDoNotCount);
    CPPUNIT_TEST(testResetSecondsRange);
    CPPUNIT_TEST(testModeParsing);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override {
        _now = std::make_shared<std::atomic<int64_t>>(k1030);
        auto now = _now;
        _server = std::make_unique<TestServer>(
            TestServerOptions{RateLimitMode::Managed, [now] { return now->load(); }});
    }
    void tearDown() override { _server.reset(); }

    void testManagedCountingAnd429() {
        for (int i = 1; i <= 100; ++i) {
            // Mix in a 403, a handler 404-style answer and a 500: all count.
            HttpResult r;
            if (i == 2)
                r = _server->postJson("/api/v1/things", "{}", "key-rw2");
            else if (i == 3)
                r = _server->get("/api/v1/boom", "key-rw2");
            else
                r = _server->get("/api/v1/things", "key-rw2");
            CPPUNIT_ASSERT_EQUAL(i == 3 ? 500 : (i == 2 ? 201 : 200), r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("100"), r.header("X-RateLimit-Limit"));
            CPPUNIT_ASSERT_EQUAL(std::to_string(100 - i), r.header("X-RateLimit-Remaining"));
            CPPUNIT_ASSERT_EQUAL(std::string("1800"), r.header("X-RateLimit-Reset"));
            CPPUNIT_ASSERT(!r.hasHeader("Retry-After"));
        }
        for (int i = 0; i < 2; ++i) { // refused requests are not counted: same body twice
            const HttpResult r = _server->get("/api/v1/things", "key-rw2");
            CPPUNIT_ASSERT_EQUAL(429, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("Too Many Requests"), r.reason);
            CPPUNIT_ASSERT_EQUAL(
                std::string(R"({"error":"rate_limit_exceeded","message":"Rate limit exceeded. )"
                            R"(Try again in 1800 seconds.","details":{"limit":100,"current":100,)"
                            R"("reset_in_seconds":1800}})"),
                r.body);
            CPPUNIT_ASSERT_EQUAL(std::string("100"), r.header("X-RateLimit-Limit"));
            CPPUNIT_ASSERT_EQUAL(std::string("0"), r.header("X-RateLimit-Remaining"));
            CPPUNIT_ASSERT_EQUAL(std::string("1800"), r.header("X-RateLimit-Reset"));
            CPPUNIT_ASSERT_EQUAL(std::string("1800"), r.header("Retry-After"));
        }
        // The limiter runs before the scope check: a read-only key over its limit gets 429.
        // Other keys are independent.
        const HttpResult other = _server->get("/api/v1/things", "key-r");
        CPPUNIT_ASSERT_EQUAL(std::string("99"), other.header("X-RateLimit-Remaining"));
        // 403 after counting.
        const HttpResult forbidden = _server->postJson("/api/v1/things", "{}", "key-r");
        CPPUNIT_ASSERT_EQUAL(403, forbidden.status);
        CPPUNIT_ASSERT_EQUAL(std::string("98"), forbidden.header("X-RateLimit-Remaining"));

        // Next UTC hour: a fresh window.
        _now->store(k1030 + 1800);
        const HttpResult fresh = _server->get("/api/v1/things", "key-rw2");
        CPPUNIT_ASSERT_EQUAL(200, fresh.status);
        CPPUNIT_ASSERT_EQUAL(std::string("99"), fresh.header("X-RateLimit-Remaining"));
        CPPUNIT_ASSERT_EQUAL(std::string("3600"), fresh.header("X-RateLimit-Reset"));
    }

    void testFailuresBeforeTheLimiterDoNotCount() {
        _server->postJson("/api/v1/things", "{bad", "key-rw"); // 400: before auth
        _server->get("/api/v1/things", "key-deact");           // 401
        _server->get("/nope", "key-rw");                       // 404 routing
        const HttpResult r = _server->get("/api/v1/things", "key-rw");
        CPPUNIT_ASSERT_EQUAL(std::string("99"), r.header("X-RateLimit-Remaining"));
    }

    void testResetSecondsRange() {
        _now->store(k1030 + 1799); // 10:59:59
        CPPUNIT_ASSERT_EQUAL(std::string("1"),
                             _server->get("/api/v1/things").header("X-RateLimit-Reset"));
        _now->store(k1030 - 1800); // 10:00:00
        CPPUNIT_ASSERT_EQUAL(std::string("3600"),
                             _server->get("/api/v1/things").header("X-RateLimit-Reset"));
    }

    void testModeParsing() {
        CPPUNIT_ASSERT(parseRateLimitMode("self_hosted") == RateLimitMode::SelfHosted);
        CPPUNIT_ASSERT(parseRateLimitMode("managed") == RateLimitMode::Managed);
        CPPUNIT_ASSERT(!parseRateLimitMode("Managed").has_value());
        CPPUNIT_ASSERT(!parseRateLimitMode("").has_value());
    }

private:
    std::shared_ptr<std::atomic<int64_t>> _now;
    std::unique_ptr<TestServer> _server;
};

CPPUNIT_TEST_SUITE_REGISTRATION(RateLimitTest);
