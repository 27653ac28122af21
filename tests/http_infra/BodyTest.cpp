// Body parsing before auth (docs/api.md §2, docs/decisions.md D22): JSON, urlencoded, 415, empty
// bodies.
#include "TestServer.h"

#include <Poco/String.h>
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::http;
using namespace finimport::http::test;

namespace {
std::string bad(const std::string& message) {
    return R"({"error":"bad_request","message":")" + message + "\"}";
}
} // namespace

class BodyTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(BodyTest);
    CPPUNIT_TEST(testMalformedJsonBeforeAuth);
    CPPUNIT_TEST(testEachD22Message);
    CPPUNIT_TEST(testDepthLimit);
    CPPUNIT_TEST(testJsonNumbersKeepExactText);
    CPPUNIT_TEST(testJsonCharsetParameterAccepted);
    CPPUNIT_TEST(testEmptyBodies);
    CPPUNIT_TEST(testUnsupportedMediaType);
    CPPUNIT_TEST(testUrlEncodedForm);
    CPPUNIT_TEST(testQueryNeverMergedIntoBody);
    CPPUNIT_TEST(testChunkedJson);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { _server = std::make_unique<TestServer>(); }
    void tearDown() override { _server.reset(); }

    void testMalformedJsonBeforeAuth() {
        // No key at all, and a read-only key on a write route: parsing still answers first.
        for (const char* key : {"", "key-r", "nonsense"}) {
            const HttpResult r = _server->postJson("/api/v1/things", "{\"a\":", key);
            CPPUNIT_ASSERT_EQUAL(400, r.status);
            CPPUNIT_ASSERT_EQUAL(std::string("Bad Request"), r.reason);
            CPPUNIT_ASSERT_EQUAL(bad("Request body is not valid JSON"), r.body);
            CPPUNIT_ASSERT(!r.hasHeader("X-RateLimit-Limit"));
        }
        CPPUNIT_ASSERT_EQUAL(0, _server->auth().calls.load());
    }

    void testEachD22Message() {
        const std::pair<std::string, std::string> cases[] = {
            {"{\"a\":1,}", "Request body is not valid JSON"},
            {"{'a':1}", "Request body is not valid JSON"},
            {"{\"a\":01}", "Request body is not valid JSON"},
            {"{\"a\":\"\\ud800\"}", "Request body is not valid JSON"},
            {"{} {}", "Request body is not valid JSON"},
            {"[1,2]", "Request body must be a JSON object"},
            {"\"text\"", "Request body must be a JSON object"},
            {"42", "Request body must be a JSON object"},
            {"null", "Request body must be a JSON object"},
            {"{\"a\":\"\xC3\x28\"}", "Request body is not valid UTF-8"},
            {"{\"a\":\"\xED\xA0\x80\"}", "Request body is not valid UTF-8"},
        };
        for (const auto& [body, message] : cases) {
            const HttpResult r = _server->postJson("/api/v1/things", body);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(body, 400, r.status);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(body, bad(message), r.body);
        }
    }

    void testDepthLimit() {
        auto nested = [](int depth) {
            std::string s = "{\"a\":";
            for (int i = 1; i < depth; ++i)
                s += "[";
            s += "1";
            for (int i = 1; i < depth; ++i)
                s += "]";
            return s + "}";
        };
        CPPUNIT_ASSERT_EQUAL(201, _server->postJson("/api/v1/things", nested(64)).status);
        HttpResult r = _server->postJson("/api/v1/things", nested(65));
        CPPUNIT_ASSERT_EQUAL(400, r.status);
        CPPUNIT_ASSERT_EQUAL(bad("Request body is nested too deeply"), r.body);
        // 100k open brackets: refused by the scan without recursing.
        r = _server->postJson("/api/v1/things", std::string(100000, '['));
        CPPUNIT_ASSERT_EQUAL(bad("Request body is nested too deeply"), r.body);
        // Brackets inside strings do not count.
        r = _server->postJson("/api/v1/things", "{\"a\":\"" + std::string(100, '[') + "\"}");
        CPPUNIT_ASSERT_EQUAL(201, r.status);
    }

    void testJsonNumbersKeepExactText() {
        const HttpResult r = _server->postJson(
            "/api/v1/things",
            R"({"amount":49.99,"big":9007199254740993,"neg":-0.10,"exp":1E+3,"t":true,"n":null,)"
            R"("s":"caf\u00e9 \ud83d\ude00","nested":{"x":[1,"2",{"y":false}]},"amount":"0.30"})");
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"kind":"json","params":{"amount":"0.30","big":9007199254740993,"neg":-0.10,)"
                R"("exp":1E+3,"t":true,"n":null,"s":"café 😀","nested":{"x":[1,"2",{"y":false}]}},)"
                R"("file":null,"file_field_was_text":false,"key_id":"k-rw"})"),
            r.body);
    }

    void testJsonCharsetParameterAccepted() {
        const HttpResult r = _server->send("POST", "/api/v1/things", {{"X-Api-Key", "key-rw"}},
                                           R"({"a":"b"})", "Application/JSON; charset=UTF-8");
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT(r.body.find(R"("params":{"a":"b"})") != std::string::npos);
    }

    void testEmptyBodies() {
        const std::string empty =
            R"({"kind":"none","params":{},"file":null,"file_field_was_text":false,"key_id":"k-rw"})";
        // JSON type, empty body; whitespace only; no type at all; another type with no bytes.
        CPPUNIT_ASSERT_EQUAL(empty, _server->postJson("/api/v1/things", "").body);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"kind":"json","params":{},"file":null,"file_field_was_text":false,"key_id":"k-rw"})"),
            _server->postJson("/api/v1/things", " \r\n\t").body);
        HttpResult r = _server->send("POST", "/api/v1/things", {{"X-Api-Key", "key-rw"}});
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT_EQUAL(empty, r.body);
        r = _server->send("POST", "/api/v1/things", {{"X-Api-Key", "key-rw"}}, "", "text/plain");
        CPPUNIT_ASSERT_EQUAL(empty, r.body);
        // Raw request with no Content-Length and no Content-Type.
        const HttpResult raw =
            parseRawResponse(_server->raw("POST /api/v1/things HTTP/1.1\r\nHost: x\r\nX-Api-Key: "
                                          "key-rw\r\nConnection: close\r\n\r\n"));
        CPPUNIT_ASSERT_EQUAL(201, raw.status);
        CPPUNIT_ASSERT_EQUAL(empty, raw.body);
    }

    void testUnsupportedMediaType() {
        const std::string body415 =
            R"({"error":"unsupported_media_type","message":"Content-Type must be application/json or multipart/form-data"})";
        HttpResult r = _server->send("POST", "/api/v1/things", {}, "a,b\n1,2\n", "text/csv");
        CPPUNIT_ASSERT_EQUAL(415, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("Unsupported Media Type"), r.reason);
        CPPUNIT_ASSERT_EQUAL(body415, r.body);
        // A non-empty body with no Content-Type at all.
        const HttpResult raw = parseRawResponse(_server->raw(
            "POST /api/v1/things HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"));
        CPPUNIT_ASSERT_EQUAL(415, raw.status);
        CPPUNIT_ASSERT_EQUAL(body415, raw.body);
        CPPUNIT_ASSERT_EQUAL(std::string("close"), Poco::toLower(raw.header("Connection")));
    }

    void testUrlEncodedForm() {
        const HttpResult r = _server->send("POST", "/api/v1/things", {{"X-Api-Key", "key-rw"}},
                                           "type=TransactionImport&publish=true&rt%5Bamount%5D=49."
                                           "99&rt[name]=Gym+fee&tags[]=a&tags[]=b",
                                           "application/x-www-form-urlencoded");
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"kind":"form","params":{"type":"TransactionImport","publish":"true",)"
                        R"("rt":{"amount":"49.99","name":"Gym fee"},"tags":["a","b"]},"file":null,)"
                        R"("file_field_was_text":false,"key_id":"k-rw"})"),
            r.body);
        const HttpResult invalid = _server->send("POST", "/api/v1/things", {}, "a=%FF",
                                                 "application/x-www-form-urlencoded");
        CPPUNIT_ASSERT_EQUAL(400, invalid.status);
        CPPUNIT_ASSERT_EQUAL(bad("Request body is not valid UTF-8"), invalid.body);
    }

    void testQueryNeverMergedIntoBody() {
        const HttpResult r =
            _server->postJson("/api/v1/things?type=Evil&account_id=x", R"({"type":"Good"})");
        CPPUNIT_ASSERT(r.body.find(R"("params":{"type":"Good"})") != std::string::npos);
    }

    void testChunkedJson() {
        const std::string raw =
            _server->raw("POST /api/v1/things HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n"
                         "Content-Type: application/json\r\nTransfer-Encoding: "
                         "chunked\r\nConnection: close\r\n\r\n"
                         "5\r\n{\"a\":\r\n4\r\n\"b\"}\r\n0\r\n\r\n");
        const HttpResult r = parseRawResponse(raw);
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT(r.body.find(R"("params":{"a":"b"})") != std::string::npos);
    }

private:
    std::unique_ptr<TestServer> _server;
};

CPPUNIT_TEST_SUITE_REGISTRATION(BodyTest);
