// /metrics label sets stay bounded (docs/decisions.md D79): a made-up method counts as
// `other`, an unknown path as `unmatched`; and the standard process_* metrics are there.
#include "AppHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <regex>
#include <thread>

using namespace finimport::test;

class MetricsBoundsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MetricsBoundsTest);
    CPPUNIT_TEST(testMadeUpMethodsShareOneSeries);
    CPPUNIT_TEST_SUITE_END();

public:
    void testMadeUpMethodsShareOneSeries() {
        AppHarness app;
        for (const char* method : {"FOO", "BAR", "X\"Y"})
            rawSend(app.port(), std::string(method) +
                                    " /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        const std::string want =
            R"(finimport_http_requests_total{method="other",route="unmatched",status="405"} 3)";
        auto r = app.get("/metrics", "");
        for (int i = 0; i < 100 && r.body.find(want) == std::string::npos; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            r = app.get("/metrics", "");
        }
        CPPUNIT_ASSERT_MESSAGE(r.body, r.body.find(want) != std::string::npos);
        CPPUNIT_ASSERT(r.body.find("method=\"FOO\"") == std::string::npos);
        CPPUNIT_ASSERT(r.body.find("X\"Y") == std::string::npos);
        for (const char* family :
             {"process_resident_memory_bytes", "process_cpu_seconds_total", "process_open_fds",
              "process_max_fds", "process_start_time_seconds"}) {
            std::smatch m;
            const std::regex line(std::string("\n") + family + " ([0-9.e+]+)\n");
            CPPUNIT_ASSERT_MESSAGE(family, std::regex_search(r.body, m, line));
            CPPUNIT_ASSERT_MESSAGE(family, std::stod(m[1]) > 0 ||
                                               std::string(family) == "process_cpu_seconds_total");
        }
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MetricsBoundsTest);
