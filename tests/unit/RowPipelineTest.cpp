// app/imports/RowPipeline: rows produced on a second thread are consumed in order on the
// calling one, the queue is bounded, and the first failure of either side wins.
#include "app/imports/RowPipeline.h"
#include "plugin/HostStall.h"
#include "plugin/RunBudget.h"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <atomic>
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
    r.fields.emplace_back("name", "row " + std::to_string(n));
    return r;
}

} // namespace

class RowPipelineTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(RowPipelineTest);
    CPPUNIT_TEST(testRowsArriveInOrderOnTheCallingThread);
    CPPUNIT_TEST(testQueueIsBounded);
    CPPUNIT_TEST(testProducerErrorComesAfterItsRows);
    CPPUNIT_TEST(testConsumerErrorStopsTheProducer);
    CPPUNIT_TEST(testHostStallsMoveThePluginDeadline);
    CPPUNIT_TEST(testHostTooSlowIsTheHostsError);
    CPPUNIT_TEST_SUITE_END();

public:
    void testRowsArriveInOrderOnTheCallingThread() {
        const auto caller = std::this_thread::get_id();
        std::vector<int64_t> seen;
        bool otherThread = false;
        RowPipeline pipeline(
            [&](CollectedRow&& r) {
                otherThread = otherThread || std::this_thread::get_id() != caller;
                CPPUNIT_ASSERT_EQUAL("row " + std::to_string(r.number), *r.fields[0].second);
                seen.push_back(r.number);
            },
            7, 2);
        std::thread::id producerThread;
        pipeline.run([&] {
            producerThread = std::this_thread::get_id();
            for (int64_t i = 1; i <= 1000; ++i) // 142 full batches and a tail of 6
                pipeline.push(numbered(i));
        });
        CPPUNIT_ASSERT(!otherThread);
        CPPUNIT_ASSERT(producerThread != caller);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1000), seen.size());
        for (std::size_t i = 0; i < seen.size(); ++i)
            CPPUNIT_ASSERT_EQUAL(int64_t(i + 1), seen[i]);
    }

    void testQueueIsBounded() {
        // Batches of 10, at most 3 queued: the producer is never more than (3 + 1 filling +
        // 1 being consumed) batches ahead of the consumer.
        std::atomic<int64_t> pushed{0};
        int64_t maxAhead = 0;
        RowPipeline pipeline(
            [&](CollectedRow&& r) {
                maxAhead = std::max(maxAhead, pushed.load() - r.number);
                std::this_thread::sleep_for(std::chrono::microseconds(200));
            },
            10, 3);
        pipeline.run([&] {
            for (int64_t i = 1; i <= 300; ++i) {
                pipeline.push(numbered(i));
                pushed = i;
            }
        });
        CPPUNIT_ASSERT(maxAhead > 0);
        CPPUNIT_ASSERT_MESSAGE(std::to_string(maxAhead), maxAhead < 50);
    }

    void testProducerErrorComesAfterItsRows() {
        int64_t consumed = 0;
        RowPipeline pipeline([&](CollectedRow&&) { ++consumed; }, 4, 2);
        try {
            pipeline.run([&] {
                for (int64_t i = 1; i <= 9; ++i)
                    pipeline.push(numbered(i));
                throw std::runtime_error("too_many_rows");
            });
            CPPUNIT_FAIL("the producer's error was not rethrown");
        } catch (const std::runtime_error& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("too_many_rows"), std::string(e.what()));
        }
        // Every row pushed before the error was consumed first, the unfinished batch too.
        CPPUNIT_ASSERT_EQUAL(int64_t(9), consumed);
    }

    void testConsumerErrorStopsTheProducer() {
        int64_t pushedBeforeStop = 0;
        bool producerStopped = false;
        RowPipeline pipeline(
            [&](CollectedRow&& r) {
                if (r.number == 5) throw std::invalid_argument("too_many_statements");
            },
            2, 1);
        try {
            pipeline.run([&] {
                try {
                    for (int64_t i = 1; i <= 100000; ++i) {
                        pipeline.push(numbered(i));
                        pushedBeforeStop = i;
                    }
                } catch (const RowPipeline::Stopped&) {
                    producerStopped = true;
                    throw;
                }
            });
            CPPUNIT_FAIL("the consumer's error was not rethrown");
        } catch (const std::invalid_argument& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("too_many_statements"), std::string(e.what()));
        }
        CPPUNIT_ASSERT(producerStopped);
        CPPUNIT_ASSERT(pushedBeforeStop < 100000);
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

    // A store that keeps the parse waiting past the host's own limit fails the upload with the
    // host's error, naming the phase, after the rows pushed before it are consumed.
    void testHostTooSlowIsTheHostsError() {
        int64_t consumed = 0;
        RowPipeline pipeline(
            [&](CollectedRow&&) {
                if (++consumed == 1) std::this_thread::sleep_for(std::chrono::seconds(2));
            },
            1, 1, std::chrono::milliseconds(0));
        try {
            pipeline.run([&] {
                for (int64_t i = 1; i <= 100; ++i)
                    pipeline.push(numbered(i));
            });
            CPPUNIT_FAIL("the host's stall was not reported");
        } catch (const RowPipeline::HostTooSlow& e) {
            CPPUNIT_ASSERT_EQUAL(std::string("The server could not store the rows as fast as the "
                                             "file was read: storing rows kept the parse waiting "
                                             "more than 0 s"),
                                 std::string(e.what()));
        }
        CPPUNIT_ASSERT(consumed >= 2 && consumed < 100);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(RowPipelineTest);
