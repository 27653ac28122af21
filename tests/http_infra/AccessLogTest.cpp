// Access-log lines escape what the client sent: a `%0A` in a path cannot
// start a forged line, a space cannot forge a `status=` field.
#include "TestServer.h"
#include "http/LogText.h"

#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <cppunit/extensions/HelperMacros.h>

#include <mutex>
#include <vector>

using namespace finimport::http;
using namespace finimport::http::test;

namespace {

class CaptureChannel : public Poco::Channel {
public:
    void log(const Poco::Message& msg) override {
        std::lock_guard<std::mutex> lock(mutex);
        lines.push_back(msg.getText());
    }
    std::mutex mutex;
    std::vector<std::string> lines;
};

} // namespace

class AccessLogTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AccessLogTest);
    CPPUNIT_TEST(testLogSafe);
    CPPUNIT_TEST(testEncodedNewlineCannotForgeALine);
    CPPUNIT_TEST_SUITE_END();

public:
    void testLogSafe() {
        CPPUNIT_ASSERT_EQUAL(std::string("/api/v1/imports"), logSafe("/api/v1/imports"));
        CPPUNIT_ASSERT_EQUAL(std::string("/a\\x0aforged\\x20status=200\\x0d\\x09\\x5c\\x7f\\x00"),
                             logSafe(std::string("/a\nforged status=200\r\t\\\x7f\0", 25)));
        CPPUNIT_ASSERT_EQUAL(std::string("/caf\xc3\xa9"), logSafe("/caf\xc3\xa9")); // UTF-8 kept
    }

    void testEncodedNewlineCannotForgeALine() {
        Poco::Logger& logger = Poco::Logger::get("finimport.http");
        Poco::AutoPtr<CaptureChannel> capture(new CaptureChannel);
        Poco::Channel::Ptr previous = logger.getChannel();
        const int level = logger.getLevel();
        logger.setChannel(capture);
        logger.setLevel(Poco::Message::PRIO_INFORMATION);
        {
            TestServer server;
            auto r = server.get("/nothing%0Arequest_id=forged%20method=GET%20status=200%0D");
            CPPUNIT_ASSERT_EQUAL(404, r.status);
        }
        logger.setChannel(previous);
        logger.setLevel(level);
        std::lock_guard<std::mutex> lock(capture->mutex);
        CPPUNIT_ASSERT_EQUAL(size_t(1), capture->lines.size());
        const std::string& line = capture->lines[0];
        CPPUNIT_ASSERT(line.find('\n') == std::string::npos);
        CPPUNIT_ASSERT(line.find('\r') == std::string::npos);
        CPPUNIT_ASSERT(line.find(" path=/nothing\\x0arequest_id=forged\\x20method=GET\\x20status="
                                 "200\\x0d status=404") != std::string::npos);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AccessLogTest);
