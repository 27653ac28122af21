// Through the real server: an import left `importing`/`reverting` by a worker
// that died is picked up again once its lease expired, or failed with the reason once workers
// died on it `jobs.max_attempts` times; GET /api/v1/imports/{id} shows exactly which. The dead
// worker is simulated by claiming the job in the database with an old heartbeat.
#include "ApiSupport.h"

#include "store/ImportStore.h"
#include "store/JobStore.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <thread>

using namespace finimport;
using namespace finimport::test;

namespace {

const std::string kCsv = R"("raw_file_content":"date,amount,name\n01/02/2024,10.00,Coffee\n")";
const std::string kAbandoned =
    "The job was abandoned 3 times by workers that stopped before finishing it (lease expired)";

HarnessOptions shortLease() {
    HarnessOptions o;
    o.configure = [](server::Config& c) {
        c.jobLeaseSeconds = 1;
        c.jobMaxAttempts = 3;
    };
    return o;
}

// Puts the import in `status` with a `kind` job that `deadClaims` workers claimed and then
// died on (heartbeats 60 s old), in one transaction so no live worker sees it queued.
std::string strandImport(AppHarness& app, const std::string& importId, const std::string& status,
                         const std::string& kind, int deadClaims) {
    std::string jobId;
    app.server().database().write([&](finimport::store::Tx& s) {
        store::ImportStore(s).setStatus(importId, status, std::nullopt);
        store::JobStore jobs(s);
        jobId = jobs.enqueue(kind, importId).id;
        const int64_t old = store::nowMicros() - 60'000'000;
        for (int i = 0; i < deadClaims; ++i)
            jobs.claimNext("dead-host/1/x/worker-" + std::to_string(i), old + i, old + i,
                           deadClaims);
    });
    return jobId;
}

std::string jobColumn(AppHarness& app, const std::string& jobId, const std::string& column) {
    std::string v;
    app.server().database().read([&](finimport::store::Tx& s) {
        v = store::sqlQueryOne(s, "SELECT " + column + " FROM jobs WHERE id = ?", {jobId})->str(0);
    });
    return v;
}

// The import as GET shows it, once its status left `from` (the reaper runs once per lease).
Poco::JSON::Object::Ptr awaitStatusChange(AppHarness& app, const std::string& key,
                                          const std::string& id, const std::string& from) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    for (;;) {
        auto r = app.get("/api/v1/imports/" + id, key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        auto data = jsonObject(r)->getObject("data");
        if (data->getValue<std::string>("status") != from ||
            std::chrono::steady_clock::now() > deadline)
            return data;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

std::string createCsvImport(AppHarness& app, const std::string& key, bool publish) {
    auto account = seedAccount(app, "F", "Checking");
    return finimport::test::createImport(
        app, key,
        std::string("{") + (publish ? R"("publish":"true",)" : "") + R"("account_id":")" +
            account.id + R"(",)" + kCsv + "}");
}

} // namespace

class StuckImportApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(StuckImportApiTest);
    CPPUNIT_TEST(deadWorkersPublishRunsAgainAfterTheLease);
    CPPUNIT_TEST(abandonedPublishFailsTheImportWithTheReason);
    CPPUNIT_TEST(abandonedRevertFailsTheRevertAndKeepsTheData);
    CPPUNIT_TEST_SUITE_END();

public:
    void deadWorkersPublishRunsAgainAfterTheLease() {
        AppHarness app(shortLease());
        const std::string key = app.createKey("F");
        const std::string id = createCsvImport(app, key, false);
        const std::string job = strandImport(app, id, "importing", "publish", 1);
        auto data = awaitStatusChange(app, key, id, "importing");
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), data->getValue<std::string>("status"));
        CPPUNIT_ASSERT(!data->has("error"));
        app.waitForJobs();
        CPPUNIT_ASSERT_EQUAL(std::string("done"), jobColumn(app, job, "status"));
        CPPUNIT_ASSERT_EQUAL(std::string("2"), jobColumn(app, job, "attempts"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(app, "entries"));
    }

    void abandonedPublishFailsTheImportWithTheReason() {
        AppHarness app(shortLease());
        const std::string key = app.createKey("F");
        const std::string id = createCsvImport(app, key, false);
        const std::string job = strandImport(app, id, "importing", "publish", 3);
        auto data = awaitStatusChange(app, key, id, "importing");
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), data->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(kAbandoned, data->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), jobColumn(app, job, "status"));
        CPPUNIT_ASSERT_EQUAL(kAbandoned, jobColumn(app, job, "error"));
        CPPUNIT_ASSERT_EQUAL(int64_t(0), countRows(app, "entries"));
    }

    void abandonedRevertFailsTheRevertAndKeepsTheData() {
        AppHarness app(shortLease());
        const std::string key = app.createKey("F");
        const std::string id = createCsvImport(app, key, true);
        app.waitForJobs();
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(app, "entries"));
        strandImport(app, id, "reverting", "revert", 3);
        auto data = awaitStatusChange(app, key, id, "reverting");
        CPPUNIT_ASSERT_EQUAL(std::string("revert_failed"), data->getValue<std::string>("status"));
        CPPUNIT_ASSERT_EQUAL(kAbandoned, data->getValue<std::string>("error"));
        CPPUNIT_ASSERT_EQUAL(int64_t(1), countRows(app, "entries"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(StuckImportApiTest);
