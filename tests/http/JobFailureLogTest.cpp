// A background job that fails says why, in the log and in the API (docs/decisions.md D76,
// D116): its `job` line has "status":"failed", "level":"error", the job id and kind, the
// exception's class and the first line of its message, never a row; the import shows `failed`
// with the reason, and the job row is `failed` with it. The failure is real: the table the
// publish writes balances to is renamed away under the running server.
#include "ApiSupport.h"
#include "LogCapture.h"

#include "domain/LogLine.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport;
using namespace finimport::test;

namespace {

const std::string kRowName = "Zanzibar Spice Coffee";
const std::string kRowAmount = "4711.93";

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::vector<std::string> jobRow(AppHarness& app, const std::string& importId) {
    std::vector<std::string> out;
    app.server().database().read([&](store::Tx& s) {
        for (const auto& r : store::sqlQuery(
                 s, "SELECT id, kind, status, error FROM jobs WHERE import_id = ?", {importId}))
            out = {r.str(0), r.str(1), r.str(2), r.optStr(3).value_or("")};
    });
    return out;
}

} // namespace

class JobFailureLogTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(JobFailureLogTest);
    CPPUNIT_TEST(testAFailedPublishJobLogsItsCause);
    CPPUNIT_TEST_SUITE_END();

public:
    void testAFailedPublishJobLogsItsCause() {
        AppHarness app;
        const std::string key = app.createKey("F");
        const auto account = seedAccount(app, "F", "Checking");
        app.server().database().write([&](store::Tx& s) {
            store::sqlExec(s, "ALTER TABLE balances RENAME TO balances_gone");
        });
        std::string log, importId;
        {
            LogCapture capture;
            auto created =
                app.postJson("/api/v1/imports",
                             R"({"publish":"true","account_id":")" + account.id +
                                 R"(","raw_file_content":"date,amount,name\n01/02/2024,)" +
                                 kRowAmount + "," + kRowName + R"(\n"})",
                             key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
            importId = jsonObject(created)->getObject("data")->getValue<std::string>("id");
            app.waitForJobs();
            CPPUNIT_ASSERT_MESSAGE(capture.current(), capture.waitFor("\"status\":\"failed\""));
            log = capture.stop();
        }
        // The API: the import failed, with the reason.
        auto data = jsonObject(app.get("/api/v1/imports/" + importId, key))->getObject("data");
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), data->getValue<std::string>("status"));
        const std::string reason = data->getValue<std::string>("error");
        CPPUNIT_ASSERT_MESSAGE(reason, has(reason, "balances"));
        // The job row: failed, with the same reason.
        const auto job = jobRow(app, importId);
        CPPUNIT_ASSERT_EQUAL(size_t(4), job.size());
        CPPUNIT_ASSERT_EQUAL(std::string("publish"), job[1]);
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), job[2]);
        CPPUNIT_ASSERT_EQUAL(reason, job[3]);

        const auto lines = LogCapture::linesWith(log, "\"event\":\"job\"");
        CPPUNIT_ASSERT_EQUAL_MESSAGE(log, size_t(1), lines.size());
        const std::string& line = lines.front();
        CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"job_id\":\"" + job[0] +
                                                   "\",\"kind\":\"publish\",\"import_id\":\"" +
                                                   importId + "\""));
        CPPUNIT_ASSERT_MESSAGE(line, has(line, "\"status\":\"failed\""));
        // The store's own statements throw std::runtime_error ("SQLite prepare failed: …").
        CPPUNIT_ASSERT_MESSAGE(
            line, has(line, "\"level\":\"error\",\"exception\":\"std::runtime_error\""));
        CPPUNIT_ASSERT_MESSAGE(
            line, has(line, "\"error\":" + domain::jsonString(domain::logMessage(reason))));
        CPPUNIT_ASSERT_MESSAGE(log, !has(log, key));
        CPPUNIT_ASSERT_MESSAGE(log, !has(log, kRowName));
        CPPUNIT_ASSERT_MESSAGE(log, !has(log, kRowAmount));
        for (const auto& any : LogCapture::linesWith(log, ""))
            CPPUNIT_ASSERT_MESSAGE(any, any.rfind("{\"ts\":\"", 0) == 0 && any.back() == '}');
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(JobFailureLogTest);
