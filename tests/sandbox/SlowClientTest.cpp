// Slow and idle clients never starve the server: partial request heads cost no HTTP thread and
// are answered 408 at the header deadline, idle keep-alive connections are closed, a body that
// trickles in below the minimum rate is cut off, and /health answers throughout.
#include "AppHarness.h"

#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/Timespan.h>

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>
#include <vector>

using namespace finimport;
using namespace finimport::test;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kSlowClients = 80; // more than the harness's 16 HTTP threads, and >= 64

Poco::Net::StreamSocket connect(uint16_t port) {
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", port));
    socket.setReceiveTimeout(Poco::Timespan(10, 0));
    return socket;
}

void sendAll(Poco::Net::StreamSocket& socket, const std::string& data) {
    size_t done = 0;
    while (done < data.size())
        done += static_cast<size_t>(
            socket.sendBytes(data.data() + done, static_cast<int>(data.size() - done)));
}

// Everything until the server closes (or 10 s pass).
std::string readUntilClosed(Poco::Net::StreamSocket& socket) {
    std::string out;
    char buffer[8192];
    try {
        for (;;) {
            const int got = socket.receiveBytes(buffer, sizeof buffer);
            if (got <= 0) break;
            out.append(buffer, static_cast<size_t>(got));
        }
    } catch (const Poco::Exception&) {
    }
    return out;
}

// One response on a keep-alive connection (Content-Length bodies only).
std::string readOneResponse(Poco::Net::StreamSocket& socket) {
    std::string out;
    char buffer[8192];
    while (true) {
        const auto head = out.find("\r\n\r\n");
        if (head != std::string::npos) {
            const auto at = out.find("Content-Length: ");
            const size_t length = at == std::string::npos ? 0 : std::stoul(out.substr(at + 16));
            if (out.size() >= head + 4 + length) return out;
        }
        const int got = socket.receiveBytes(buffer, sizeof buffer);
        if (got <= 0) return out;
        out.append(buffer, static_cast<size_t>(got));
    }
}

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

} // namespace

class SlowClientTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(SlowClientTest);
    CPPUNIT_TEST(partialHeadsDoNotStarveHealthOrTheApi);
    CPPUNIT_TEST(aPartialHeadGets408AtTheHeaderDeadline);
    CPPUNIT_TEST(anIdleKeepAliveConnectionIsClosed);
    CPPUNIT_TEST(keepAliveAndPipelinedRequestsStillWork);
    CPPUNIT_TEST(aTricklingBodyIsCutOff);
    CPPUNIT_TEST(aTricklingChunkedBodyIsCutOff);
    CPPUNIT_TEST(aChunkedBodyOnTimeIsNotCut);
    CPPUNIT_TEST_SUITE_END();

public:
    void start(int headerSeconds = 10, int keepAliveSeconds = 5) {
        HarnessOptions options;
        options.configure = [=](server::Config& c) {
            c.httpHeaderTimeoutSeconds = headerSeconds;
            c.httpKeepAliveSeconds = keepAliveSeconds;
            c.httpBodyGraceSeconds = 1;
            c.httpBodyMinBytesPerSecond = 1000;
        };
        _app = std::make_unique<AppHarness>(options);
    }
    void tearDown() override { _app.reset(); }

    void partialHeadsDoNotStarveHealthOrTheApi() {
        start();
        const std::string key = _app->createKey("Family");
        std::vector<Poco::Net::StreamSocket> slow;
        for (int i = 0; i < kSlowClients; ++i) {
            slow.push_back(connect(_app->port()));
            sendAll(slow.back(), "GET /api/v1/imports HTTP/1.1\r\nHost: x\r\nX-Api-Key: ");
        }
        // And as many with a complete request line for /health but no end of head.
        for (int i = 0; i < kSlowClients; ++i) {
            slow.push_back(connect(_app->port()));
            sendAll(slow.back(), "GET /health HTTP/1.1\r\nHost: x\r\n");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        for (int i = 0; i < 5; ++i) {
            const auto start = Clock::now();
            CPPUNIT_ASSERT_EQUAL(200, _app->get("/health", "").status);
            CPPUNIT_ASSERT_MESSAGE(std::to_string(secondsSince(start)), secondsSince(start) < 1.0);
        }
        const auto start = Clock::now();
        auto list = _app->get("/api/v1/imports", key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(list.body, 200, list.status);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(secondsSince(start)), secondsSince(start) < 1.0);
    }

    void aPartialHeadGets408AtTheHeaderDeadline() {
        start(1);
        auto socket = connect(_app->port());
        const auto begin = Clock::now();
        sendAll(socket, "GET /health HTTP/1.1\r\nHost: x\r\n");
        // Dripping bytes does not extend the deadline.
        for (int i = 0; i < 3; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
            sendAll(socket, "X");
        }
        auto response = parseRawResponse(readUntilClosed(socket));
        const double took = secondsSince(begin);
        CPPUNIT_ASSERT_EQUAL(408, response.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"({"error":"request_timeout","message":"The request headers did not arrive in time."})"),
            response.body);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(took), took >= 0.9 && took < 2.5);
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/health", "").status);
    }

    void anIdleKeepAliveConnectionIsClosed() {
        start(10, 1);
        auto socket = connect(_app->port());
        sendAll(socket, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        CPPUNIT_ASSERT_EQUAL(200, parseRawResponse(readOneResponse(socket)).status);
        const auto idle = Clock::now();
        CPPUNIT_ASSERT_EQUAL(std::string(), readUntilClosed(socket)); // closed, nothing sent
        CPPUNIT_ASSERT_MESSAGE(std::to_string(secondsSince(idle)),
                               secondsSince(idle) >= 0.9 && secondsSince(idle) < 2.5);
    }

    void keepAliveAndPipelinedRequestsStillWork() {
        start();
        auto socket = connect(_app->port());
        for (int i = 0; i < 3; ++i) { // each request after the first comes from the waiter
            sendAll(socket, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
            CPPUNIT_ASSERT_EQUAL(200, parseRawResponse(readOneResponse(socket)).status);
        }
        sendAll(socket, "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /nowhere HTTP/1.1\r\n"
                        "Host: x\r\nConnection: close\r\n\r\n");
        const std::string both = readUntilClosed(socket);
        CPPUNIT_ASSERT(both.rfind("HTTP/1.1 200", 0) == 0);
        CPPUNIT_ASSERT(both.find("HTTP/1.1 404") != std::string::npos);
    }

    void aTricklingBodyIsCutOff() {
        start();
        const std::string key = _app->createKey("Family");
        auto socket = connect(_app->port());
        const auto begin = Clock::now();
        sendAll(socket, "POST /api/v1/imports HTTP/1.1\r\nHost: x\r\nX-Api-Key: " + key +
                            "\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
                            "{\"type\":\"TransactionImport\",\"raw_file_content\":\"");
        // 10 bytes a second, far below the 1000 B/s minimum once the 1 s grace is over.
        std::string got;
        for (int i = 0; i < 40 && secondsSince(begin) < 8; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            try {
                sendAll(socket, "x");
            } catch (const Poco::Exception&) {
                break; // cut off
            }
            if (socket.poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ)) break;
        }
        got = readUntilClosed(socket);
        const double took = secondsSince(begin);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(took), took < 4.0);
        auto response = parseRawResponse(got);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(got, 400, response.status);
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/health", "").status);
    }

    // Chunked bodies have no length up front; the same minimum rate applies until their last
    // chunk.
    void aTricklingChunkedBodyIsCutOff() {
        start();
        const std::string key = _app->createKey("Family");
        auto socket = connect(_app->port());
        const auto begin = Clock::now();
        sendAll(socket, "POST /api/v1/imports HTTP/1.1\r\nHost: x\r\nX-Api-Key: " + key +
                            "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked"
                            "\r\n\r\n16\r\n{\"type\":\"TransactionIm\r\n");
        // One 1-byte chunk (6 bytes with framing) every 100 ms: 60 B/s, far below 1000 B/s.
        for (int i = 0; i < 80 && secondsSince(begin) < 8; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            try {
                sendAll(socket, "1\r\nx\r\n");
            } catch (const Poco::Exception&) {
                break; // cut off
            }
            if (socket.poll(Poco::Timespan(0), Poco::Net::Socket::SELECT_READ)) break;
        }
        const std::string got = readUntilClosed(socket);
        const double took = secondsSince(begin);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(took), took < 4.0);
        auto response = parseRawResponse(got);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(got, 400, response.status);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"({"error":"bad_request","message":"Request body arrived too slowly"})"),
            response.body);
        CPPUNIT_ASSERT_EQUAL(200, _app->get("/health", "").status);
    }

    // A chunked body that arrives in time is read to its end and answered normally, and the
    // connection stays usable after the grace has passed (the watch let go at the last chunk).
    void aChunkedBodyOnTimeIsNotCut() {
        start();
        const std::string key = _app->createKey("Family");
        auto socket = connect(_app->port());
        const std::string json = R"({"type":"TransactionImport"})";
        char size[16];
        std::snprintf(size, sizeof size, "%zx", json.size());
        sendAll(socket, "POST /api/v1/imports HTTP/1.1\r\nHost: x\r\nX-Api-Key: " + key +
                            "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked"
                            "\r\n\r\n" +
                            size + "\r\n" + json + "\r\n0\r\n\r\n");
        auto created = parseRawResponse(readOneResponse(socket));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        std::this_thread::sleep_for(std::chrono::milliseconds(1500)); // past the 1 s grace
        sendAll(socket, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        CPPUNIT_ASSERT_EQUAL(200, parseRawResponse(readOneResponse(socket)).status);
    }

private:
    std::unique_ptr<AppHarness> _app;
};

CPPUNIT_TEST_SUITE_REGISTRATION(SlowClientTest);
