// The plugin-run and slow-client settings: defaults, parsing, refusals, and which plugin
// directories run isolated.
#include "server/Config.h"
#include "server/PluginLoading.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>
#include <fstream>
#include <stdexcept>

using finimport::plugin::Isolation;
using finimport::server::Config;

class RunPolicyConfigTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RunPolicyConfigTest);
    CPPUNIT_TEST(testDefaults);
    CPPUNIT_TEST(testFileAndEnvironment);
    CPPUNIT_TEST(testRejects);
    CPPUNIT_TEST(testIsolationByDirectory);
    CPPUNIT_TEST_SUITE_END();

public:
    void tearDown() override { ::unsetenv("FINIMPORT_PLUGINS_ISOLATION"); }

    void testDefaults() {
        Config c = Config::load({}, {});
        CPPUNIT_ASSERT_EQUAL(std::string(), c.pluginIsolation);
        CPPUNIT_ASSERT_EQUAL(int64_t(60), c.pluginRunTimeoutSeconds);
        CPPUNIT_ASSERT_EQUAL(int64_t(1000000), c.pluginMaxRows);
        CPPUNIT_ASSERT_EQUAL(int64_t(268435456), c.pluginMaxOutputBytes);
        CPPUNIT_ASSERT_EQUAL(int64_t(1024), c.pluginMemoryLimitMb);
        CPPUNIT_ASSERT_EQUAL(10, c.httpHeaderTimeoutSeconds);
        CPPUNIT_ASSERT_EQUAL(5, c.httpKeepAliveSeconds);
        CPPUNIT_ASSERT_EQUAL(int64_t(4096), c.httpBodyMinBytesPerSecond);
        CPPUNIT_ASSERT_EQUAL(10, c.httpBodyGraceSeconds);
        CPPUNIT_ASSERT_EQUAL(4096, c.httpMaxConnections);
    }

    void testFileAndEnvironment() {
        const std::string file = Poco::TemporaryFile::tempName();
        {
            std::ofstream out(file);
            out << "plugins.isolation = inline\nplugins.timeout_seconds = 5\n"
                   "plugins.max_rows = 10\nplugins.max_output_bytes = 2000\n"
                   "plugins.memory_limit_mb = 300\nhttp.header_timeout = 3\n"
                   "http.keep_alive_seconds = 2\nhttp.body_min_rate = 0\n"
                   "http.body_grace_seconds = 4\nhttp.max_connections = 100\n";
        }
        ::setenv("FINIMPORT_PLUGINS_ISOLATION", "process", 1);
        Config c = Config::load({{"config", file}}, {});
        std::remove(file.c_str());
        CPPUNIT_ASSERT_EQUAL(std::string("process"), c.pluginIsolation); // environment wins
        CPPUNIT_ASSERT_EQUAL(int64_t(5), c.pluginRunTimeoutSeconds);
        CPPUNIT_ASSERT_EQUAL(int64_t(10), c.pluginMaxRows);
        CPPUNIT_ASSERT_EQUAL(int64_t(2000), c.pluginMaxOutputBytes);
        CPPUNIT_ASSERT_EQUAL(int64_t(300), c.pluginMemoryLimitMb);
        CPPUNIT_ASSERT_EQUAL(3, c.httpHeaderTimeoutSeconds);
        CPPUNIT_ASSERT_EQUAL(2, c.httpKeepAliveSeconds);
        CPPUNIT_ASSERT_EQUAL(int64_t(0), c.httpBodyMinBytesPerSecond);
        CPPUNIT_ASSERT_EQUAL(4, c.httpBodyGraceSeconds);
        CPPUNIT_ASSERT_EQUAL(100, c.httpMaxConnections);
        const auto policy = finimport::server::runPolicyFor(c, true);
        CPPUNIT_ASSERT(policy.isolation == Isolation::Process);
        CPPUNIT_ASSERT_EQUAL(uint32_t(5), policy.timeoutSeconds);
        CPPUNIT_ASSERT_EQUAL(uint64_t(10), policy.maxRows);
        CPPUNIT_ASSERT_EQUAL(uint64_t(2000), policy.maxOutputBytes);
        CPPUNIT_ASSERT_EQUAL(uint64_t(300), policy.memoryLimitMb);
    }

    void testRejects() {
        try {
            Config::load({{"plugins.isolation", "container"}}, {});
            CPPUNIT_FAIL("accepted plugins.isolation = container");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("plugins.isolation must be process or inline"),
                                 std::string(e.what()));
        }
        try {
            Config::load({{"plugins.max_rows", "-1"}}, {});
            CPPUNIT_FAIL("accepted plugins.max_rows = -1");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("plugins.max_rows must be a positive integer, got "
                                             "\"-1\""),
                                 std::string(e.what()));
        }
        CPPUNIT_ASSERT_THROW(Config::load({{"http.header_timeout", "0"}}, {}),
                             std::invalid_argument);
    }

    void testIsolationByDirectory() {
        Config c;
        CPPUNIT_ASSERT(finimport::server::runPolicyFor(c, true).isolation == Isolation::Inline);
        CPPUNIT_ASSERT(finimport::server::runPolicyFor(c, false).isolation == Isolation::Process);
        c.pluginIsolation = "inline";
        CPPUNIT_ASSERT(finimport::server::runPolicyFor(c, false).isolation == Isolation::Inline);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RunPolicyConfigTest);
