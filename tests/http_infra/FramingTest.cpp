// HTTP/1.1 framing as RFC 9112 §6 requires (docs/api.md "HTTP framing"): every ambiguous body
// length is 400 (501 for an unknown transfer coding) and the connection closes, so the request
// hidden after the body never runs; the status line always says HTTP/1.1; HEAD works on every
// GET route.
#include "TestServer.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cctype>

using namespace finimport::http::test;

namespace {

// Would run (and call the authenticator) if the server took it for a second request.
const std::string kSmuggled = "GET /api/v1/things?smuggled=1 HTTP/1.1\r\nHost: x\r\n"
                              "X-Api-Key: key-rw\r\n\r\n";

std::string post(const std::string& framing, const std::string& body) {
    return "POST /api/v1/things HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n"
           "Content-Type: application/json\r\n" +
           framing + "\r\n" + body + kSmuggled;
}

size_t count(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

// Status lines: "HTTP/" at the start of the answer or of a line.
size_t responses(const std::string& text) {
    return (text.rfind("HTTP/", 0) == 0 ? 1 : 0) + count(text, "\nHTTP/");
}

std::string lower(std::string text) {
    for (char& c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

} // namespace

class FramingTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(FramingTest);
    CPPUNIT_TEST(testAmbiguousLengthsAreRefusedAndClosed);
    CPPUNIT_TEST(testBrokenChunkSizesAreRefusedAndClosed);
    CPPUNIT_TEST(testStatusLineIsAlwaysHttp11);
    CPPUNIT_TEST(testHeadOnGetRoutes);
    CPPUNIT_TEST(testPipelinedRequestsStillWork);
    CPPUNIT_TEST_SUITE_END();

    void refused(const std::string& request, const std::string& status) {
        TestServer server;
        const std::string answer = server.raw(request, 10);
        CPPUNIT_ASSERT_MESSAGE(request + "\n--->\n" + answer,
                               answer.rfind("HTTP/1.1 " + status + " ", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(answer, lower(answer).find("\r\nconnection: close\r\n") !=
                                           std::string::npos);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(answer, size_t(1), responses(answer));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(request, 0, server.auth().calls.load());
    }

public:
    void testAmbiguousLengthsAreRefusedAndClosed() {
        refused(post("Content-Length: 4\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"), "400");
        refused(post("Transfer-Encoding: chunked\r\nContent-Length: 4\r\n", "0\r\n\r\n"), "400");
        refused(post("Content-Length: 2\r\nContent-Length: 30\r\n", "{}"), "400");
        refused(post("Content-Length: 2, 30\r\n", "{}"), "400");
        refused(post("Transfer-Encoding: xchunked\r\n", "2\r\n{}\r\n0\r\n\r\n"), "501");
        refused(post("Transfer-Encoding: gzip, chunked\r\n", "2\r\n{}\r\n0\r\n\r\n"), "501");
        refused(post("Transfer-Encoding : chunked\r\n", "2\r\n{}\r\n0\r\n\r\n"), "400");
        refused(post("Content-Length : 2\r\n", "{}"), "400");
        refused(post("Content-Length: 0x2\r\n", "{}"), "400");
        refused(post("Content-Length: 12345678901234567890123\r\n", "{}"), "400");
        refused(post("Content-Length: -2\r\n", "{}"), "400");
    }

    void testBrokenChunkSizesAreRefusedAndClosed() {
        const std::string chunked = "Transfer-Encoding: chunked\r\n";
        refused(post(chunked, "fffffffffffffffff\r\n{}\r\n0\r\n\r\n"), "400"); // overflows
        refused(post(chunked, "-2\r\n{}\r\n0\r\n\r\n"), "400");
        refused(post(chunked, "zz\r\n{}\r\n0\r\n\r\n"), "400");
        refused(post(chunked, "2\n{}\r\n0\r\n\r\n"), "400");     // bare LF
        refused(post(chunked, "2\r\n{}xx\r\n0\r\n\r\n"), "400"); // data longer than its size
        refused(post(chunked, "2 \r\n{}\r\n0\r\n\r\n"), "400");  // whitespace, no extension
        // A valid chunked body still works, extension included.
        TestServer server;
        const std::string answer =
            server.raw("POST /api/v1/things HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n"
                       "Content-Type: application/json\r\nConnection: close\r\n" +
                           chunked + "\r\n2;x=y\r\n{}\r\n0\r\nTrailer-Field: 1\r\n\r\n",
                       10);
        CPPUNIT_ASSERT_MESSAGE(answer, answer.rfind("HTTP/1.1 201 ", 0) == 0);
    }

    void testStatusLineIsAlwaysHttp11() {
        refused("GET /health FOO/9\r\nHost: x\r\n\r\n" + kSmuggled, "400");
        refused("GET /health HTTP/2.0\r\nHost: x\r\n\r\n" + kSmuggled, "505");
        TestServer server;
        const std::string old = server.raw("GET /health HTTP/1.0\r\n\r\n", 10);
        CPPUNIT_ASSERT_MESSAGE(old, old.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    }

    void testHeadOnGetRoutes() {
        TestServer server;
        const std::string health =
            server.raw("HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 10);
        CPPUNIT_ASSERT_MESSAGE(health, health.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(health, health.find("Content-Length: 15\r\n") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(health, health.size() == health.find("\r\n\r\n") + 4); // no body
        const std::string keyed =
            server.raw("HEAD /api/v1/things/7 HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n"
                       "Connection: close\r\n\r\n",
                       10);
        CPPUNIT_ASSERT_MESSAGE(keyed, keyed.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
        CPPUNIT_ASSERT_MESSAGE(keyed, keyed.size() == keyed.find("\r\n\r\n") + 4);
        // POST-only routes are still 405 for HEAD.
        const auto r = server.send("HEAD", "/api/v1/things/7/publish");
        CPPUNIT_ASSERT_EQUAL(405, r.status);
    }

    void testPipelinedRequestsStillWork() {
        TestServer server;
        const std::string answer = server.raw(
            "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/v1/things/1 HTTP/1.1\r\nHost: x\r\n"
            "X-Api-Key: key-rw\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            10);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(answer, size_t(3), count(answer, "HTTP/1.1 200 OK"));
        CPPUNIT_ASSERT_MESSAGE(answer, answer.find("{\"id\":\"1\"}") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(FramingTest);
