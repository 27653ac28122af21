// http/ExecutionGate.h: no more handlers run than there are permits, the waiting ones get
// their turn in arrival order, and a paused request lets another one run.
#include "http/ExecutionGate.h"

#include <cppunit/TestFixture.h>
#include <cppunit/extensions/HelperMacros.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using finimport::http::ExecutionGate;

namespace {

void waitUntil(const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!done()) {
        if (std::chrono::steady_clock::now() > deadline) CPPUNIT_FAIL("timed out");
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

} // namespace

class ExecutionGateTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ExecutionGateTest);
    CPPUNIT_TEST(testPermitsBoundTheRunningThreads);
    CPPUNIT_TEST(testWaitersRunInArrivalOrder);
    CPPUNIT_TEST(testPauseLetsAnotherRun);
    CPPUNIT_TEST(testZeroPermitsNeverWait);
    CPPUNIT_TEST_SUITE_END();

public:
    void testPermitsBoundTheRunningThreads() {
        ExecutionGate gate(2);
        std::atomic<int> running{0}, most{0};
        std::vector<std::thread> threads;
        for (int i = 0; i < 8; ++i)
            threads.emplace_back([&] {
                ExecutionGate::Permit permit(gate);
                const int now = ++running;
                int seen = most.load();
                while (now > seen && !most.compare_exchange_weak(seen, now)) {
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                --running;
            });
        for (auto& t : threads)
            t.join();
        CPPUNIT_ASSERT_EQUAL(2, most.load());
        CPPUNIT_ASSERT_EQUAL(size_t(0), gate.waiting());
    }

    void testWaitersRunInArrivalOrder() {
        ExecutionGate gate(1);
        std::vector<int> order;
        std::mutex orderMutex;
        std::vector<std::thread> threads;
        {
            ExecutionGate::Permit held(gate);
            for (int i = 0; i < 5; ++i) {
                threads.emplace_back([&, i] {
                    ExecutionGate::Permit permit(gate);
                    std::lock_guard lock(orderMutex);
                    order.push_back(i);
                });
                // The next thread starts only once this one is queued.
                waitUntil([&] { return gate.waiting() == size_t(i + 1); });
            }
        }
        for (auto& t : threads)
            t.join();
        std::string seen;
        for (int i : order)
            seen += std::to_string(i);
        CPPUNIT_ASSERT_EQUAL(std::string("01234"), seen);
    }

    void testPauseLetsAnotherRun() {
        ExecutionGate gate(1);
        std::atomic<bool> otherRan{false};
        std::thread other;
        {
            ExecutionGate::Permit permit(gate);
            other = std::thread([&] {
                ExecutionGate::Permit second(gate);
                otherRan = true;
            });
            waitUntil([&] { return gate.waiting() == 1; });
            {
                ExecutionGate::Pause pause; // the permit goes to the waiting thread
                waitUntil([&] { return otherRan.load(); });
            } // and comes back once it is done
            CPPUNIT_ASSERT_EQUAL(size_t(0), gate.waiting());
        }
        other.join();
        ExecutionGate::Pause outside; // no permit held: nothing to give back
        CPPUNIT_ASSERT(otherRan.load());
    }

    void testZeroPermitsNeverWait() {
        ExecutionGate gate(0);
        ExecutionGate::Permit a(gate), b(gate), c(gate);
        CPPUNIT_ASSERT_EQUAL(size_t(0), gate.waiting());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ExecutionGateTest);
