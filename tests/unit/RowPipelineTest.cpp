// app/imports/RowPipeline: the thread that replays a plugin's calls stores each row at once, in
// order; storing is the host's time (it moves the plugin's deadline) and has a bound of its own.
#include "app/imports/RowPipeline.h"
#include "plugin/HostStall.h"
#include "plugin/RunBudget.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <stdexcept>
#include <thread>

using finimport::app::CollectedRow;
using finimport::app::RowPipeline;

namespace {

CollectedRow numbered(int64_t n) {
    CollectedRow r;
    r.number = n;
    r.kind = "transaction";
    r.fields.set("name", "row " + std::to_string(n));
    return r;
}

} // namespace

class RowPipelineTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RowPipelineTest);
    CPPUNIT_TEST(testRowsAreStoredAtOnceOnTheReplayingThread);
    CPPUNIT_TEST(testConsumerErrorReachesThePusher);
    CPPUNIT_TEST(testHostStallsMoveThePluginDeadline);
    CPPUNIT_TEST(testStoringMovesTheRunsDeadline);
    CPPUNIT_TEST(testHostTooSlowIsTheHostsError);
    CPPUNIT_TEST_SUITE_END();

public:
    void testRowsAreStoredAtOnceOnTheReplayingThread() {
        const auto caller = std::this_thread::get_id();
        std::vector<int64_t> seen;
        bool otherThread = false;
        RowPipeline pipeline([&](CollectedRow&& r) {
            otherThread = otherThread || std::this_thread::get_id() != caller;
            CPPUNIT_ASSERT_EQUAL("row " + std::to_string(r.number), *r.fields.value(0));
            seen.push_back(r.number);
        });
        for (int64_t i = 1; i <= 1000; ++i) {
            pipeline.push(numbered(i));
            CPPUNIT_ASSERT_EQUAL(std::size_t(i), seen.size()); // stored before push returns
        }
        CPPUNIT_ASSERT(!otherThread);
        for (std::size_t i = 0; i < seen.size(); ++i)
            CPPUNIT_ASSERT_EQUAL(int64_t(i + 1), seen[i]);
    }

    void testConsumerErrorReachesThePusher() {
        RowPipeline pipeline([&](CollectedRow&& r) {
            if (r.number == 5) throw std::invalid_argument("too_many_statements");
        });
        for (int64_t i = 1; i <= 4; ++i)
            pipeline.push(numbered(i));
        try {
            pipeline.push(numbered(5));
            CPPUNIT_FAIL("the consumer's error was not rethrown");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("too_many_statements"), std::string(e.what()));
        }
    }

    // docs/decisions.md D81: a wait for the host moves the running plugin's deadline (the run
    // on this thread, plugin/HostStall.h); without a run in progress it changes nothing.
    void testHostStallsMoveThePluginDeadline() {
        finimport::plugin::RunPolicy policy;
        policy.timeoutSeconds = 1;
        finimport::plugin::RunBudget budget(policy);
        CPPUNIT_ASSERT(budget.remainingMs() <= 1000);
        finimport::plugin::noteHostStall(std::chrono::hours(1)); // no run on this thread
        CPPUNIT_ASSERT(budget.remainingMs() <= 1000);
        {
            finimport::plugin::HostStallScope run(budget);
            finimport::plugin::noteHostStall(std::chrono::hours(1));
        }
        CPPUNIT_ASSERT(budget.remainingMs() > 3600 * 1000 - 60 * 1000);
        CPPUNIT_ASSERT(!budget.checkTime());
    }

    // The time a row takes to store moves the deadline of the run on this thread by as much.
    void testStoringMovesTheRunsDeadline() {
        finimport::plugin::RunPolicy policy;
        policy.timeoutSeconds = 1;
        finimport::plugin::RunBudget budget(policy);
        finimport::plugin::HostStallScope run(budget);
        RowPipeline pipeline(
            [&](CollectedRow&&) { std::this_thread::sleep_for(std::chrono::milliseconds(2)); });
        for (int64_t i = 1; i <= 3; ++i)
            pipeline.push(numbered(i));
        CPPUNIT_ASSERT(pipeline.hostStalled() >= std::chrono::milliseconds(6));
        CPPUNIT_ASSERT(budget.hostStalled() == pipeline.hostStalled());
    }

    // A store that takes longer in all than the host's own limit fails the upload with the
    // host's error, naming the phase, at the row that crossed it.
    void testHostTooSlowIsTheHostsError() {
        int64_t consumed = 0;
        RowPipeline pipeline(
            [&](CollectedRow&&) {
                ++consumed;
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            },
            std::chrono::milliseconds(0));
        try {
            for (int64_t i = 1; i <= 100; ++i)
                pipeline.push(numbered(i));
            CPPUNIT_FAIL("the host's stall was not reported");
        } catch (const RowPipeline::HostTooSlow& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("The server could not store the rows as fast as the "
                                             "file was read: storing rows kept the parse waiting "
                                             "more than 0 s"),
                                 std::string(e.what()));
        }
        CPPUNIT_ASSERT_EQUAL(int64_t(1), consumed);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RowPipelineTest);
