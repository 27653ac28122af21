// A slow pipelined head does not hold a thread (docs/operations.md "Slow clients"): a complete
// request plus the start of a second one in one packet, then nothing. The connection goes back
// to the head waiter with the bytes read ahead, so with 128 such connections open (64 that
// began with /health, 64 with a keyed request: more than both pools have threads) a fresh
// /health and a keyed request still answer. The bound, 5 s, is generous for a loaded machine:
// before, each such connection held a pool thread for the whole socket timeout.
#include "TestServer.h"

#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <cppunit/extensions/HelperMacros.h>

#include <vector>

using namespace finimport::http::test;

class PipelinedHeadTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(PipelinedHeadTest);
    CPPUNIT_TEST(testPartialNextHeadsHoldNoThread);
    CPPUNIT_TEST_SUITE_END();

public:
    void testPartialNextHeadsHoldNoThread() {
        TestServer server;
        std::vector<Poco::Net::StreamSocket> slow;
        for (int i = 0; i < 128; ++i) {
            const std::string first =
                i % 2 == 0 ? "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
                           : "GET /api/v1/things HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n\r\n";
            const std::string request = first + "GET /api/v1/things HTTP/1.1\r\nHo";
            slow.emplace_back(Poco::Net::SocketAddress("127.0.0.1", server.port()));
            slow.back().sendBytes(request.data(), static_cast<int>(request.size()));
        }
        // Each slow connection got its first answer: every one was served.
        for (auto& socket : slow) {
            socket.setReceiveTimeout(Poco::Timespan(30, 0));
            char buffer[512];
            const int got = socket.receiveBytes(buffer, sizeof buffer);
            CPPUNIT_ASSERT(got > 0);
            CPPUNIT_ASSERT_EQUAL(std::string("HTTP/1.1 200"), std::string(buffer, 12));
        }
        const std::string health =
            server.raw("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 5);
        CPPUNIT_ASSERT_MESSAGE(health, health.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
        const std::string keyed =
            server.raw("GET /api/v1/things/9 HTTP/1.1\r\nHost: x\r\nX-Api-Key: key-rw\r\n"
                       "Connection: close\r\n\r\n",
                       5);
        CPPUNIT_ASSERT_MESSAGE(keyed, keyed.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(PipelinedHeadTest);
