#pragma once
// At most N requests of a kind run their handler at once; the others wait in arrival order.
// Why: on a 2-core machine, 32 keep-alive clients of GET /balances made 32 runnable threads,
// and the scheduler's time slices (milliseconds each) put 20-40 ms stalls into requests of
// 0.2 ms (bench/RESULTS.md). With a few permits the rest wait asleep, in order,
// and the p99 falls to the queue's length times the work. The pipeline (http/Pipeline.h)
// gates keyed GET and HEAD requests without a body: an upload's body, read at the client's
// speed, never holds a permit, nor does a write waiting for the database's write lock, and
// /health never queues behind the listings.

#include "domain/NoCopy.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>

namespace finimport::http {

class ExecutionGate : domain::NoCopy {
public:
    // `permits` <= 0: no limit (enter() never waits).
    explicit ExecutionGate(int permits);

    // Threads waiting for a permit now (for tests and metrics).
    size_t waiting();

    // Holds one permit from construction (waiting in arrival order) to destruction. The thread
    // holding it may step aside while it waits for another request (Pause).
    class Permit : domain::NoCopy {
    public:
        explicit Permit(ExecutionGate& gate);
        ~Permit();

    private:
        ExecutionGate& _gate;
        Permit* _outer; // the thread's permit before this one (nested gates; normally none)
        friend class ExecutionGate;
    };

    // Gives the calling thread's permit back while it waits on something another request
    // does (a page being built by another request, http/handlers/ListCache.h), and takes a
    // permit again, at the back of the queue, when it ends. Without a permit: does nothing.
    class Pause : domain::NoCopy {
    public:
        Pause();
        ~Pause();

    private:
        Permit* _permit;
    };

private:
    void acquire();
    void release();

    struct Waiter {
        std::condition_variable wake;
        bool granted = false;
    };
    const int _permits;
    std::mutex _mutex;
    int _free;
    std::deque<Waiter*> _queue; // the waiting threads, oldest first
};

} // namespace finimport::http
