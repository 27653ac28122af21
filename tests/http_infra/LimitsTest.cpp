// The 26 MB body cap (docs/decisions.md D12): refused by Content-Length up front, or while counting
// a chunked stream, without reading the rest; the connection closes and the server stays up.
#include "TestServer.h"

#include "http/BodyParser.h"

#include <Poco/Net/StreamSocket.h>

#include <Poco/String.h>
#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <chrono>

using namespace finimport::http;
using namespace finimport::http::test;

namespace {

const std::string k413 = R"({"error":"payload_too_large","message":"Request body is too large."})";

void sendAll(Poco::Net::StreamSocket& socket, const std::string& data) {
    std::size_t sent = 0;
    while (sent < data.size()) {
        sent += static_cast<std::size_t>(
            socket.sendBytes(data.data() + sent, static_cast<int>(data.size() - sent)));
    }
}

std::string readUntilClosed(Poco::Net::StreamSocket& socket) {
    std::string out;
    char buffer[8192];
    try {
        for (;;) {
            const int got = socket.receiveBytes(buffer, sizeof buffer);
            if (got <= 0) break;
            out.append(buffer, static_cast<std::size_t>(got));
        }
    } catch (const Poco::TimeoutException&) {
    }
    return out;
}

void check413(const HttpResult& r) {
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 413, r.status);
    CPPUNIT_ASSERT_EQUAL(413, r.status);
    CPPUNIT_ASSERT_EQUAL(std::string("Request Entity Too Large"), r.reason);
    CPPUNIT_ASSERT_EQUAL(k413, r.body);
    CPPUNIT_ASSERT_EQUAL(std::string("close"), Poco::toLower(r.header("Connection")));
    CPPUNIT_ASSERT(r.hasHeader("X-Request-Id"));
}

} // namespace

class LimitsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(LimitsTest);
    CPPUNIT_TEST(testContentLengthOverCapRefusedUpFront);
    CPPUNIT_TEST(testChunkedOverCapRefusedWhileStreaming);
    CPPUNIT_TEST(testExactlyAtCapPasses);
    CPPUNIT_TEST(testNoContinueForOversizedBody);
    CPPUNIT_TEST(testMultipartFileJustOverCap);
    CPPUNIT_TEST_SUITE_END();

public:
    void setUp() override { _server = std::make_unique<TestServer>(); }
    void tearDown() override { _server.reset(); }

    void testContentLengthOverCapRefusedUpFront() {
        // Declares 50 MB but sends only 64 KiB: the answer must come without the rest.
        Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", _server->port()));
        socket.setReceiveTimeout(Poco::Timespan(10, 0));
        sendAll(socket, "POST /api/v1/things HTTP/1.1\r\nHost: x\r\n"
                        "Content-Type: multipart/form-data; boundary=b\r\n"
                        "Content-Length: 52428800\r\n\r\n");
        sendAll(socket, std::string(64 * 1024, 'x'));
        const auto start = std::chrono::steady_clock::now();
        check413(parseRawResponse(readUntilClosed(socket)));
        CPPUNIT_ASSERT(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
        CPPUNIT_ASSERT_EQUAL(200, _server->get("/health", "").status);
    }

    void testChunkedOverCapRefusedWhileStreaming() {
        Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", _server->port()));
        socket.setReceiveTimeout(Poco::Timespan(20, 0));
        sendAll(socket, "POST /api/v1/things HTTP/1.1\r\nHost: x\r\n"
                        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
        // 26 MiB + 128 KiB in 64 KiB chunks, and never the terminating chunk: a server that
        // waited for the whole body would never answer.
        const std::string payload(64 * 1024, 'a');
        std::string chunk = "10000\r\n" + payload + "\r\n";
        const std::size_t chunks = kMaxBodyBytes / payload.size() + 2;
        for (std::size_t i = 0; i < chunks; ++i)
            sendAll(socket, chunk);
        check413(parseRawResponse(readUntilClosed(socket)));
        CPPUNIT_ASSERT_EQUAL(200, _server->get("/health", "").status);
    }

    void testExactlyAtCapPasses() {
        // A no-body route drains (and counts) what it gets: the cap itself is fine.
        const std::string atCap(kMaxBodyBytes, 'z');
        HttpResult r = _server->send("POST", "/api/v1/things/7/publish", {{"X-Api-Key", "key-rw"}},
                                     atCap, "application/octet-stream");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        // One byte more, declared: refused before any of it is read.
        Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", _server->port()));
        socket.setReceiveTimeout(Poco::Timespan(10, 0));
        sendAll(socket, "POST /api/v1/things/7/publish HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n"
                        "Content-Length: " +
                            std::to_string(kMaxBodyBytes + 1) + "\r\n\r\n");
        check413(parseRawResponse(readUntilClosed(socket)));
    }

    void testNoContinueForOversizedBody() {
        // The client waits for 100 Continue before sending: it must get the 413 instead.
        const std::string raw = _server->raw(
            "POST /api/v1/things HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            "Expect: 100-continue\r\nContent-Length: 52428800\r\n\r\n");
        CPPUNIT_ASSERT_EQUAL(std::string("HTTP/1.1 413 "), raw.substr(0, 13));
        check413(parseRawResponse(raw));
        // Within the cap, Poco still sends 100 Continue first.
        const std::string ok = _server->raw(
            "POST /api/v1/things HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n"
            "Content-Type: application/json\r\nExpect: 100-continue\r\nConnection: close\r\n"
            "Content-Length: 2\r\n\r\n{}");
        CPPUNIT_ASSERT_EQUAL(std::string("HTTP/1.1 100 Continue"), ok.substr(0, 21));
        CPPUNIT_ASSERT(ok.find("HTTP/1.1 201 Created") != std::string::npos);
    }

    void testMultipartFileJustOverCap() {
        MultipartBuilder mp;
        mp.file("file", "big.csv", "text/csv", "");
        const std::size_t overhead = mp.finish().size();
        mp.body.clear();
        mp.file("file", "big.csv", "text/csv", std::string(kMaxBodyBytes - overhead, 'c'));
        const std::string body = mp.finish();
        CPPUNIT_ASSERT_EQUAL(kMaxBodyBytes, body.size());
        HttpResult r = _server->send("POST", "/api/v1/things", {{"X-Api-Key", "key-rw"}}, body,
                                     mp.contentType());
        CPPUNIT_ASSERT_EQUAL(201, r.status);
        CPPUNIT_ASSERT(r.body.find("\"size\":" + std::to_string(kMaxBodyBytes - overhead)) !=
                       std::string::npos);

        // Same body + 1 byte, sent chunked (no Content-Length): caught by the counter.
        mp.body.clear();
        mp.file("file", "big.csv", "text/csv", std::string(kMaxBodyBytes - overhead + 1, 'c'));
        const std::string over = mp.finish();
        Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", _server->port()));
        socket.setReceiveTimeout(Poco::Timespan(20, 0));
        sendAll(socket, "POST /api/v1/things HTTP/1.1\r\nHost: x\r\nContent-Type: " +
                            mp.contentType() + "\r\nTransfer-Encoding: chunked\r\n\r\n");
        for (std::size_t pos = 0; pos < over.size(); pos += 1 << 20) {
            const std::string piece = over.substr(pos, 1 << 20);
            char size[32];
            std::snprintf(size, sizeof size, "%zx\r\n", piece.size());
            sendAll(socket, size + piece + "\r\n");
        }
        check413(parseRawResponse(readUntilClosed(socket)));
    }

private:
    std::unique_ptr<TestServer> _server;
};

CPPUNIT_TEST_SUITE_REGISTRATION(LimitsTest);
