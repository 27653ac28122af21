#pragma once
// SQLite WAL checkpoints off the request path (docs/build-notes.md §3). With SQLite's
// auto-checkpoint the COMMIT that crosses the threshold copies the whole WAL into the database
// file and syncs it: a 10 MB upload writes about 90 MB of WAL, and its own request paid for
// copying it (15 % of its CPU). Here a commit only wakes a thread, which runs PASSIVE
// checkpoints on a connection of its own (they never wait for the writer or the readers).
// A WAL that still reaches kHardPages (the checkpointer lagging behind a stream of commits)
// is checkpointed by the committing connection itself, as SQLite would: the WAL stays bounded.
// Closing the last connection checkpoints what is left (SQLite), so the thread stops without one.

#include "domain/NoCopy.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace finimport::store {

class WalCheckpointer : domain::NoCopy {
public:
    // A commit leaving this many WAL pages (4 KiB each) wakes the thread.
    static constexpr int kWakePages = 1000;
    // A commit leaving this many checkpoints inline (SQLite's auto-checkpoint did at 16384).
    static constexpr int kHardPages = 65536;

    explicit WalCheckpointer(std::string path, int wakePages = kWakePages,
                             int hardPages = kHardPages);
    ~WalCheckpointer(); // stops and joins the thread

    // Installs the commit hook on a connection that writes (replaces its auto-checkpoint).
    void watch(sqlite3* db);
    // Checkpoints now, on the thread's connection; true when the whole WAL was copied.
    bool checkpointNow();
    // Checkpoints run by the thread, and by committing connections (the hard bound).
    uint64_t checkpoints() const;
    uint64_t inlineCheckpoints() const;

private:
    static int committed(void* self, sqlite3* db, const char* schema, int pages);
    void run();
    void wake();

    std::string _path;
    int _wakePages, _hardPages;
    sqlite3* _db = nullptr; // opened by the thread on first need
    mutable std::mutex _mutex;
    std::condition_variable _wakeup;
    bool _pending = false, _stop = false;
    uint64_t _checkpoints = 0, _inline = 0;
    std::mutex _checkpointMutex; // one checkpoint at a time on _db
    std::thread _thread;
};

} // namespace finimport::store
