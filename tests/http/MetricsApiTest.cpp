// GET /metrics: Prometheus text without a key, request counts by route pattern and
// status, imports by status, the shared job queue, publish rows, the pool; and a separate
// listener when metrics.listen is set.
#include "AppHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <thread>

using namespace finimport::test;

namespace {

bool has(const std::string& text, const std::string& line) {
    return text.find(line + "\n") != std::string::npos;
}

} // namespace

class MetricsApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(MetricsApiTest);
    CPPUNIT_TEST(testMetricsWithoutAKey);
    CPPUNIT_TEST(testImportsJobsAndPublishRows);
    CPPUNIT_TEST(testSeparateListener);
    CPPUNIT_TEST_SUITE_END();

public:
    void testMetricsWithoutAKey() {
        AppHarness app;
        CPPUNIT_ASSERT_EQUAL(200, app.get("/health", "").status);
        CPPUNIT_ASSERT_EQUAL(200, app.get("/health", "").status);
        CPPUNIT_ASSERT_EQUAL(401, app.get("/api/v1/imports/abc", "").status);
        CPPUNIT_ASSERT_EQUAL(404, app.get("/nope/%0Afake", "").status);
        // A request is counted just after its response is written, so the client can see a
        // response before its count: read /metrics again (at most 2 s) until all four show.
        auto counted = [](const std::string& m) {
            return has(m,
                       R"(finimport_http_requests_total{method="GET",route="/health",status="200"} 2)") &&
                   has(m,
                       R"(finimport_http_requests_total{method="GET",route="/api/v1/imports/{id}",status="401"} 1)") &&
                   has(m,
                       R"(finimport_http_requests_total{method="GET",route="unmatched",status="404"} 1)");
        };
        auto r = app.get("/metrics", "");
        for (int i = 0; i < 100 && !counted(r.body); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            r = app.get("/metrics", "");
        }
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT_EQUAL(std::string("text/plain; version=0.0.4; charset=utf-8"),
                             r.header("Content-Type"));
        const std::string& m = r.body;
        CPPUNIT_ASSERT(has(m, "# TYPE finimport_http_requests_total counter"));
        CPPUNIT_ASSERT(has(
            m, R"(finimport_http_requests_total{method="GET",route="/health",status="200"} 2)"));
        // The route pattern, never the raw path (bounded label sets).
        CPPUNIT_ASSERT(has(
            m,
            R"(finimport_http_requests_total{method="GET",route="/api/v1/imports/{id}",status="401"} 1)"));
        CPPUNIT_ASSERT(has(
            m, R"(finimport_http_requests_total{method="GET",route="unmatched",status="404"} 1)"));
        CPPUNIT_ASSERT(has(
            m, R"(finimport_http_request_duration_seconds_count{method="GET",route="/health"} 2)"));
        CPPUNIT_ASSERT(has(
            m,
            R"(finimport_http_request_duration_seconds_bucket{method="GET",route="/health",le="+Inf"} 2)"));
        CPPUNIT_ASSERT(has(m, R"(finimport_job_queue_depth{state="queued"} 0)"));
        CPPUNIT_ASSERT(has(m, "finimport_job_oldest_queued_age_seconds 0"));
        CPPUNIT_ASSERT(m.find(R"(finimport_db_pool_sessions{state="capacity"} )") !=
                       std::string::npos);
    }

    void testImportsJobsAndPublishRows() {
        AppHarness app;
        std::string key = app.createKey("M");
        auto created = app.postJson(
            "/api/v1/imports",
            R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
            R"("raw_file_content":"type,name,amount,currency,date\nChecking,A,1.00,USD,2024-01-01\nChecking,B,2.00,USD,2024-01-01\n"})",
            key);
        CPPUNIT_ASSERT_EQUAL(201, created.status);
        app.waitForJobs();
        CPPUNIT_ASSERT_EQUAL(
            201,
            app.postJson(
                   "/api/v1/imports",
                   R"({"type":"AccountImport","date_format":"%Y-%m-%d","raw_file_content":"type,name,amount,currency,date\nChecking,C,3.00,USD,2024-01-01\n"})",
                   key)
                .status);
        const std::string m = app.get("/metrics", "").body;
        CPPUNIT_ASSERT(has(m, R"(finimport_imports{status="complete"} 1)"));
        CPPUNIT_ASSERT(has(m, R"(finimport_imports{status="pending"} 1)"));
        CPPUNIT_ASSERT(has(m, R"(finimport_jobs_total{kind="publish",status="done"} 1)"));
        CPPUNIT_ASSERT(has(m, "finimport_publish_rows_total 2"));
        CPPUNIT_ASSERT(has(m, R"(finimport_job_duration_seconds_count{kind="publish"} 1)"));
    }

    void testSeparateListener() {
        HarnessOptions o;
        o.metricsListen = "127.0.0.1:0";
        AppHarness app(o);
        uint16_t port = app.server().metricsPort();
        CPPUNIT_ASSERT(port != 0 && port != app.port());
        CPPUNIT_ASSERT_EQUAL(404, app.get("/metrics", "").status);
        auto r = httpSend(port, "GET", "/metrics");
        CPPUNIT_ASSERT_EQUAL(200, r.status);
        CPPUNIT_ASSERT(r.body.find("# TYPE finimport_imports gauge") != std::string::npos ||
                       r.body.find("finimport_job_queue_depth") != std::string::npos);
        // The API is not served on the metrics address.
        CPPUNIT_ASSERT_EQUAL(404, httpSend(port, "GET", "/health").status);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(MetricsApiTest);
