#pragma once
// API key `last_used_at`, coalesced (reads that do not write). The request path only
// notes the use in memory; a key's time is written at most once per interval (a minute), by a
// background writer, so authentication never waits for the database write lock.

#include "domain/NoCopy.h"
#include "store/Database.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace finimport::app {

class KeyUsageRecorder : domain::NoCopy {
public:
    static constexpr int64_t kDefaultIntervalMicros = 60LL * 1000 * 1000;

    explicit KeyUsageRecorder(store::Database& db, int64_t intervalMicros = kDefaultIntervalMicros)
        : _db(db), _interval(intervalMicros) {}
    ~KeyUsageRecorder(); // stops the writer after writing what is pending

    // A successful authentication of `keyId` at `nowMicros`: memory only, never blocks on the
    // database. Queues a write when the key's stored time is older than the interval.
    void used(const std::string& keyId, int64_t nowMicros);
    // Writes the queued times now, on the caller's thread, after any write in flight (tests,
    // shutdown).
    void flush();
    // UPDATEs issued so far (one per key and interval).
    int64_t writes() const { return _writes.load(); }

private:
    void writerLoop();
    void write(std::map<std::string, int64_t> batch);

    store::Database& _db;
    const int64_t _interval;
    std::mutex _mutex, _writing;
    std::condition_variable _cv;
    std::unordered_map<std::string, int64_t> _lastQueued; // key → time last queued for writing
    std::map<std::string, int64_t> _pending;
    std::thread _writer; // started on first use
    bool _stopping = false;
    std::atomic<int64_t> _writes{0};
};

} // namespace finimport::app
