// The distributed job queue on the suite's database (SQLite, or PostgreSQL in jobs_pg).
#include "jobs/JobQueue.h"
#include "TestDatabase.h"
#include "store/Database.h"
#include "store/FamilyStore.h"
#include "store/ImportClaims.h"
#include "store/ImportStore.h"
#include "store/JobStore.h"
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <memory>
#include <thread>

using namespace finimport;
using namespace std::chrono_literals;

class JobQueueTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(JobQueueTest);
    CPPUNIT_TEST(testExpiredLeaseIsClaimedAgain);
    CPPUNIT_TEST(testLostLeaseCannotRecordOutcome);
    CPPUNIT_TEST(testHeartbeatKeepsALongJobWithOneInstance);
    CPPUNIT_TEST(testDeadWorkersJobRunsAgainAfterLease);
    CPPUNIT_TEST(testAbandonedJobFailsItsImportWithAMessage);
    CPPUNIT_TEST(testOrphanedImportsAreFailedWithAMessage);
    CPPUNIT_TEST(testDrainReleasesAJobPastTheTimeout);
    CPPUNIT_TEST(testImportGuardAdmitsOneOfTwoConcurrentClaims);
    CPPUNIT_TEST(testFailureNeverOverwritesComplete);
    CPPUNIT_TEST(testQueueStats);
    CPPUNIT_TEST_SUITE_END();

    std::string _dir;
    std::unique_ptr<test::TestDatabase> _testDb;
    std::unique_ptr<store::Database> _db;
    std::string _familyId;

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
        _testDb = std::make_unique<test::TestDatabase>(_dir);
        _db = std::make_unique<store::Database>(_testDb->url(), 12);
        store::migrate(*_db);
        _db->write([&](finimport::store::Tx& s) {
            _familyId = store::FamilyStore(s).createFamily("F", "USD").id;
        });
    }
    void tearDown() override {
        _db.reset();
        _testDb.reset();
        std::filesystem::remove_all(_dir);
    }

    std::string newImport(const std::string& status) {
        store::ImportRecord i;
        i.familyId = _familyId;
        i.type = "TransactionImport";
        i.status = status;
        _db->write([&](finimport::store::Tx& s) { store::ImportStore(s).insert(i); });
        return i.id;
    }
    std::string enqueue(const std::string& importId, const std::string& kind = "publish") {
        std::string id;
        _db->write([&](finimport::store::Tx& s) {
            id = store::JobStore(s).enqueue(kind, importId, std::string("req-1")).id;
        });
        return id;
    }
    std::optional<store::JobRecord> claim(const std::string& worker, int64_t now,
                                          int64_t expiredBefore, int64_t maxAttempts = 3) {
        std::optional<store::JobRecord> j;
        _db->write([&](finimport::store::Tx& s) {
            j = store::JobStore(s).claimNext(worker, now, expiredBefore, maxAttempts);
        });
        return j;
    }
    std::string jobColumn(const std::string& jobId, const std::string& column) {
        std::string v;
        _db->read([&](finimport::store::Tx& s) {
            v = store::sqlQueryOne(s, "SELECT " + column + " FROM jobs WHERE id = ?", {jobId})
                    ->str(0);
        });
        return v;
    }
    std::pair<std::string, std::string> importStatus(const std::string& importId) {
        std::pair<std::string, std::string> out;
        _db->read([&](finimport::store::Tx& s) {
            auto r =
                store::sqlQueryOne(s, "SELECT status, error FROM imports WHERE id = ?", {importId});
            out = {r->str(0), r->str(1)};
        });
        return out;
    }

    void testExpiredLeaseIsClaimedAgain() {
        auto job = enqueue(newImport("importing"));
        const int64_t t = 1'000'000'000;
        auto first = claim("a/worker-0", t, t - 30'000'000);
        CPPUNIT_ASSERT(first);
        CPPUNIT_ASSERT_EQUAL(job, first->id);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), first->attempts);
        CPPUNIT_ASSERT_EQUAL(std::string("req-1"), first->requestId.value_or(""));
        // Lease still valid (heartbeat at t, nothing expired before t): nobody else gets it.
        CPPUNIT_ASSERT(!claim("b/worker-0", t + 1, t));
        // Expired (the claim's heartbeat is older than the cut-off): claimed again.
        auto second = claim("b/worker-0", t + 40'000'000, t + 10);
        CPPUNIT_ASSERT(second);
        CPPUNIT_ASSERT_EQUAL(job, second->id);
        CPPUNIT_ASSERT_EQUAL(int64_t(2), second->attempts);
        CPPUNIT_ASSERT_EQUAL(std::string("b/worker-0"), jobColumn(job, "locked_by"));
    }

    void testLostLeaseCannotRecordOutcome() {
        auto job = enqueue(newImport("importing"));
        const int64_t t = 1'000'000'000;
        claim("a/worker-0", t, t - 1);
        claim("b/worker-0", t + 100, t + 50);
        bool aBeat = true, aFinished = true, bFinished = false;
        _db->write([&](finimport::store::Tx& s) {
            store::JobStore jobs(s);
            aBeat = jobs.heartbeat(job, "a/worker-0", t + 200);
            aFinished = jobs.finish(job, "a/worker-0", false, std::string("late"));
            bFinished = jobs.finish(job, "b/worker-0", true, std::nullopt);
        });
        CPPUNIT_ASSERT(!aBeat);
        CPPUNIT_ASSERT(!aFinished);
        CPPUNIT_ASSERT(bFinished);
        CPPUNIT_ASSERT_EQUAL(std::string("done"), jobColumn(job, "status"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), jobColumn(job, "error"));
    }

    jobs::JobQueueOptions fastOptions(int workers = 1) {
        jobs::JobQueueOptions o;
        o.workers = workers;
        o.lease = 300ms;
        o.maxAttempts = 3;
        o.drainTimeout = 5s;
        o.poll = 20ms;
        return o;
    }

    void testHeartbeatKeepsALongJobWithOneInstance() {
        // Two "instances" on one database; the job runs 4 leases long. The heartbeat keeps the
        // claim, so the other instance never runs it.
        enqueue(newImport("importing"));
        std::atomic<int> runs{0};
        jobs::JobQueue a(*_db, fastOptions()), b(*_db, fastOptions());
        auto handler = [&](const store::JobRecord&) {
            ++runs;
            std::this_thread::sleep_for(1200ms);
        };
        a.setHandler(handler);
        b.setHandler(handler);
        a.start();
        b.start();
        CPPUNIT_ASSERT(a.waitIdle(10s));
        a.stop();
        b.stop();
        CPPUNIT_ASSERT_EQUAL(1, runs.load());
    }

    void testDeadWorkersJobRunsAgainAfterLease() {
        // A worker of a dead instance claimed the job (its heartbeat stopped long ago).
        auto importId = newImport("importing");
        auto job = enqueue(importId);
        claim("dead-host/1/x/worker-0", store::nowMicros() - 10'000'000,
              store::nowMicros() - 40'000'000);
        std::atomic<int> runs{0};
        std::string ranFor;
        jobs::JobQueue q(*_db, fastOptions());
        q.setHandler([&](const store::JobRecord& j) {
            ++runs;
            ranFor = j.importId.value_or("");
        });
        q.start();
        CPPUNIT_ASSERT(q.waitIdle(10s));
        q.stop();
        CPPUNIT_ASSERT_EQUAL(1, runs.load());
        CPPUNIT_ASSERT_EQUAL(importId, ranFor);
        CPPUNIT_ASSERT_EQUAL(std::string("done"), jobColumn(job, "status"));
        CPPUNIT_ASSERT_EQUAL(std::string("2"), jobColumn(job, "attempts"));
    }

    void testAbandonedJobFailsItsImportWithAMessage() {
        // Workers died on this job maxAttempts times: the import is failed
        // with the reason instead of staying `importing` forever.
        auto importId = newImport("importing");
        auto job = enqueue(importId);
        const int64_t old = store::nowMicros() - 60'000'000;
        for (int i = 0; i < 3; ++i)
            claim("dead/worker-" + std::to_string(i), old + i, old + i);
        CPPUNIT_ASSERT_EQUAL(std::string("3"), jobColumn(job, "attempts"));
        jobs::JobQueue q(*_db, fastOptions());
        q.setAbandonHandler(
            [](finimport::store::Tx& s, const store::AbandonedJob& j, const std::string& message) {
                store::failImportIfStatus(s, *j.importId, "importing", "failed", message);
            });
        std::atomic<int> runs{0};
        q.setHandler([&](const store::JobRecord&) { ++runs; });
        CPPUNIT_ASSERT_EQUAL(1, q.reap());
        CPPUNIT_ASSERT_EQUAL(0, q.reap());
        CPPUNIT_ASSERT_EQUAL(0, q.drain()); // failed: never claimed again
        CPPUNIT_ASSERT_EQUAL(0, runs.load());
        const std::string message = "The job was abandoned 3 times by workers that stopped "
                                    "before finishing it (lease expired)";
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), jobColumn(job, "status"));
        CPPUNIT_ASSERT_EQUAL(message, jobColumn(job, "error"));
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), importStatus(importId).first);
        CPPUNIT_ASSERT_EQUAL(message, importStatus(importId).second);
    }

    void testOrphanedImportsAreFailedWithAMessage() {
        // Left importing/reverting while no job is queued or running (the
        // job failed outside the handler): failed with the reason once a lease has passed.
        auto publishing = newImport("importing");
        auto reverting = newImport("reverting");
        auto fresh = newImport("importing");
        auto withJob = newImport("importing");
        enqueue(withJob);
        _db->write([&](finimport::store::Tx& s) {
            store::sqlExec(s, "UPDATE imports SET updated_at = ? WHERE id <> ?",
                           {store::nowMicros() - 10'000'000, fresh});
        });
        jobs::JobQueue q(*_db, fastOptions());
        CPPUNIT_ASSERT_EQUAL(2, q.reap());
        const std::string message = "The import was left in progress without a running job (its "
                                    "worker stopped); it was not changed";
        CPPUNIT_ASSERT_EQUAL(std::string("failed"), importStatus(publishing).first);
        CPPUNIT_ASSERT_EQUAL(message, importStatus(publishing).second);
        CPPUNIT_ASSERT_EQUAL(std::string("revert_failed"), importStatus(reverting).first);
        CPPUNIT_ASSERT_EQUAL(message, importStatus(reverting).second);
        CPPUNIT_ASSERT_EQUAL(std::string("importing"), importStatus(fresh).first);
        CPPUNIT_ASSERT_EQUAL(std::string("importing"), importStatus(withJob).first);
    }

    void testDrainReleasesAJobPastTheTimeout() {
        auto job = enqueue(newImport("importing"));
        auto options = fastOptions();
        options.drainTimeout = 100ms;
        jobs::JobQueue q(*_db, options);
        std::promise<void> started;
        q.setHandler([&](const store::JobRecord&) {
            started.set_value();
            std::this_thread::sleep_for(600ms);
        });
        q.start();
        CPPUNIT_ASSERT(started.get_future().wait_for(10s) == std::future_status::ready);
        q.stop(); // drain timeout passes while the handler still runs: the job is released
        CPPUNIT_ASSERT_EQUAL(std::string("queued"), jobColumn(job, "status"));
        CPPUNIT_ASSERT_EQUAL(std::string("0"), jobColumn(job, "attempts"));
        CPPUNIT_ASSERT_EQUAL(std::string(""), jobColumn(job, "locked_by"));
    }

    void testImportGuardAdmitsOneOfTwoConcurrentClaims() {
        // The first claimer holds the import's row until it commits `complete`; the second
        // (another instance, or a re-claim after an expired lease) then finds nothing to do.
        auto importId = newImport("importing");
        std::promise<void> firstClaimed;
        auto first = std::async(std::launch::async, [&] {
            bool ok = false;
            _db->write([&](finimport::store::Tx& s) {
                ok = store::claimImport(s, importId, "importing");
                firstClaimed.set_value();
                std::this_thread::sleep_for(300ms);
                store::sqlExec(s, "UPDATE imports SET status = 'complete' WHERE id = ?",
                               {importId});
            });
            return ok;
        });
        firstClaimed.get_future().wait();
        bool second = true;
        _db->write([&](finimport::store::Tx& s) {
            second = store::claimImport(s, importId, "importing");
        });
        CPPUNIT_ASSERT(first.get());
        CPPUNIT_ASSERT(!second);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), importStatus(importId).first);
    }

    void testFailureNeverOverwritesComplete() {
        auto importId = newImport("complete");
        bool changed = true;
        _db->write([&](finimport::store::Tx& s) {
            changed = store::failImportIfStatus(s, importId, "importing", "failed", "boom");
        });
        CPPUNIT_ASSERT(!changed);
        CPPUNIT_ASSERT_EQUAL(std::string("complete"), importStatus(importId).first);
    }

    void testQueueStats() {
        enqueue(newImport("importing"));
        enqueue(newImport("importing"));
        claim("w", store::nowMicros(), 0);
        store::QueueStats q;
        _db->read([&](finimport::store::Tx& s) { q = store::JobStore(s).stats(); });
        CPPUNIT_ASSERT_EQUAL(int64_t(1), q.queued);
        CPPUNIT_ASSERT_EQUAL(int64_t(1), q.running);
        CPPUNIT_ASSERT(q.oldestQueuedAt.has_value());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(JobQueueTest);
