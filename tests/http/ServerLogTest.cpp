// Every 5xx says why, in the one log stream (docs/decisions.md D76): a `server_error` JSON
// line on stderr with the request id, method, route, exception class and message and the
// failing layer; Poco's own loggers write into the same stream; never the key.
#include "ApiSupport.h"

#include "domain/LogLine.h"
#include "store/Sql.h"

#include <Poco/Logger.h>
#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

using namespace finimport;
using namespace finimport::test;

namespace {

// Everything written to fd 2 while it lives goes to a file instead (LogLine writes there).
class StderrCapture {
public:
    StderrCapture() : _path(Poco::TemporaryFile::tempName()) {
        _saved = ::dup(STDERR_FILENO);
        int fd = ::open(_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(fd, STDERR_FILENO);
        ::close(fd);
    }
    ~StderrCapture() {
        restore();
        ::unlink(_path.c_str());
    }
    // What was written so far (the capture goes on).
    std::string current() const {
        std::ifstream in(_path);
        std::stringstream all;
        all << in.rdbuf();
        return all.str();
    }
    std::string text() {
        restore();
        std::ifstream in(_path);
        std::stringstream all;
        all << in.rdbuf();
        return all.str();
    }

private:
    void restore() {
        if (_saved < 0) return;
        ::dup2(_saved, STDERR_FILENO);
        ::close(_saved);
        _saved = -1;
    }
    std::string _path;
    int _saved = -1;
};

std::string lineWith(const std::string& text, const std::string& part) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (line.find(part) != std::string::npos) return line;
    return "";
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

class ServerLogTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ServerLogTest);
    CPPUNIT_TEST(testLogMessageKeepsOnlyTheFirstLineAndNoKeys);
    CPPUNIT_TEST(testA500WritesWhyWithItsRequestId);
    CPPUNIT_TEST_SUITE_END();

public:
    void testLogMessageKeepsOnlyTheFirstLineAndNoKeys() {
        CPPUNIT_ASSERT_EQUAL(std::string("duplicate key value violates unique constraint"),
                             domain::logMessage("duplicate key value violates unique constraint\n"
                                                "DETAIL:  Key (name)=(Salary 4711) exists."));
        CPPUNIT_ASSERT_EQUAL(
            std::string("bad key [redacted] and id 1234abcd"),
            domain::logMessage("bad key " + std::string(64, 'a') + " and id 1234abcd"));
        CPPUNIT_ASSERT_EQUAL(size_t(303), domain::logMessage(std::string(400, 'x')).size());
        CPPUNIT_ASSERT_EQUAL(std::string("std::runtime_error"),
                             domain::exceptionClass(std::runtime_error("x")));
    }

    void testA500WritesWhyWithItsRequestId() {
        AppHarness app;
        const std::string key = app.createKey("F");
        app.server().database().write([&](store::Tx& s) {
            store::sqlExec(s, "ALTER TABLE balances RENAME TO balances_gone");
        });
        std::string log;
        HttpResult r;
        {
            StderrCapture capture;
            r = app.get("/api/v1/balances", key);
            Poco::Logger::get("finimport.test").error("from a Poco logger");
            // The line is written just after the answer went out: wait for it (at most 10 s).
            for (int i = 0; i < 200 && !has(capture.current(), "\"event\":\"server_error\""); ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            log = capture.text();
        }
        CPPUNIT_ASSERT_EQUAL(500, r.status);
        const std::string id = r.header("X-Request-Id");
        const std::string line = lineWith(log, "\"event\":\"server_error\"");
        CPPUNIT_ASSERT_MESSAGE(log, !line.empty());
        CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"level\":\"error\",\"request_id\":\"" + id +
                                                   "\",\"method\":\"GET\",\"route\":\"/api/v1/"
                                                   "balances\",\"status\":500,\"exception\":\""));
        CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"layer\":\"store\""));
        CPPUNIT_ASSERT_MESSAGE(line, has(line, "balances")); // the database's own message
        CPPUNIT_ASSERT_MESSAGE(log, !has(log, key));
        const std::string poco = lineWith(log, "from a Poco logger");
        CPPUNIT_ASSERT_MESSAGE(log, has(poco, "{\"ts\":\""));
        CPPUNIT_ASSERT_MESSAGE(poco, has(poco, "\"event\":\"log\",\"level\":\"error\",\"logger\":"
                                               "\"finimport.test\",\"message\":\"from a Poco "
                                               "logger\""));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ServerLogTest);
