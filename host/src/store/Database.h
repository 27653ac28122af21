#pragma once
// The database handle: a session pool for SQLite or PostgreSQL, and transactions.
// SQLite allows one writer: write transactions are serialized in-process (docs/build-notes.md §3).

#include "domain/NoCopy.h"
#include "store/DatabaseUrl.h"
#include "store/Tx.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace Poco::Data {
class Session;
class SessionPool;
} // namespace Poco::Data

namespace finimport::store {

// Connection settings (config `database.pool_size`, `database.timeout_ms`,
// `database.read_url`).
struct DatabaseOptions {
    int maxSessions = 8;
    // PostgreSQL: every statement on every pooled connection is cancelled after this long
    // (0: no limit). A hung query then fails its request or job instead of holding a session.
    int statementTimeoutMs = 0;
    // A second database (a PostgreSQL read replica, or the primary again) for the reads that
    // may lag behind the last write (readReplica); empty: those reads use the primary.
    std::string readUrl;
};

// Pool occupancy, for /metrics.
struct PoolUsage {
    int used = 0, idle = 0, capacity = 0;
};

class PageAnchors;
class PgPassFile;
class ReadStamps;
class StatementCache;
class WalCheckpointer;

class Database : domain::NoCopy {
public:
    explicit Database(const std::string& url, int maxSessions = 8);
    Database(const std::string& url, const DatabaseOptions& options);
    ~Database();

    const DatabaseUrl& url() const { return _url; }
    bool isSqlite() const { return _url.kind == DatabaseUrl::Kind::Sqlite; }
    bool isPostgres() const { return !isSqlite(); }
    PoolUsage poolUsage() const;

    // Registers the Poco connectors (idempotent); for code that opens sessions itself.
    static void registerConnectors();
    // True for an exception the database layer raised (Poco::Data's, or a libpq/SQLite
    // failure reported by the store): the log names its layer "store" (http/ServerLog.h).
    static bool isDatabaseError(const std::exception& e);

    // Runs `work` with a pooled session outside any explicit transaction (reads).
    void read(const std::function<void(Tx&)>& work);
    // Like read(), on the `read_url` pool when one is configured: for listings that may lag
    // behind the last write by the replica's delay (balances, trades). Anything a client reads
    // back right after writing it, and every read inside a write, stays on read().
    void readReplica(const std::function<void(Tx&)>& work);
    bool hasReadReplica() const { return _replica != nullptr; }
    // Unique to this object in the process (an address may be reused by a later Database): a
    // key for process-wide caches of what one database holds.
    uint64_t instance() const { return _instance; }
    // Prepared statements per connection for the hot reads (StatementCache.h); they are
    // finalized before the pools close.
    StatementCache& statements() { return *_statements; }
    // Stamps of the listed data, for the page caches of the listings (ReadStamps.h).
    ReadStamps& readStamps() { return *_stamps; }
    // Where the pages of the listings begin, per stamp (PageAnchors.h): deep pages seek.
    PageAnchors& pageAnchors() { return *_anchors; }
    // SQLite: the thread that checkpoints the WAL after large commits (nullptr on PostgreSQL).
    WalCheckpointer* checkpointer() { return _checkpointer.get(); }
    // Runs `work` inside one transaction: commit on return, rollback on any exception
    // (which is rethrown). All or nothing.
    void write(const std::function<void(Tx&)>& work);
    // write() for rows no cached read counts (job claims, leases and heartbeats, keys'
    // last-used times): the cached counts survive it. A heartbeat every few seconds of a long
    // publish, or a key's once-a-minute last-used time, otherwise made the next page of
    // balances recount a million rows (bench/RESULTS.md, p99).
    void writeBookkeeping(const std::function<void(Tx&)>& work);

    // A COUNT(*) for list pagination, cached under `key` until a write transaction of this
    // process changes rows. Writes of other processes or instances show within about kCountTtl:
    // an older value is refreshed by one request while the others still get it. `count` runs
    // on a miss, with a read session.
    // `replica`: the count runs with readReplica().
    int64_t cachedCount(const std::string& key, const std::function<int64_t(Tx&)>& count,
                        bool replica = false);
    static constexpr std::chrono::milliseconds kCountTtl{5000};

private:
    void writeTransaction(const std::function<void(Tx&)>& work, bool countsRows);
    // A session pool and its slots: a pooled session may be taken only with a slot; when all
    // are in use, callers wait (up to 30 s) instead of failing with "No more sessions
    // available" under load (bench/load.sh).
    struct Pool {
        Pool(const DatabaseUrl& url, const DatabaseOptions& options);
        ~Pool();
        Poco::Data::Session session();
        // Opens (and pools) one connection; throws std::runtime_error naming the host.
        void checkConnects();
        DatabaseUrl url;
        std::unique_ptr<PgPassFile> passfile; // outlives the pool that connects with it
        std::unique_ptr<Poco::Data::SessionPool> sessions;
        int maxSessions;
        std::mutex slotMutex;
        std::condition_variable slotFreed;
        int slotsInUse = 0;
    };
    class Slot;
    Poco::Data::Session session();

    DatabaseUrl _url;
    uint64_t _instance;
    std::unique_ptr<StatementCache> _statements; // cleared by ~Database, before the pools close
    std::unique_ptr<Pool> _primary, _replica;
    std::unique_ptr<WalCheckpointer> _checkpointer; // stopped by ~Database, before the pools
    std::unique_ptr<ReadStamps> _stamps;
    std::unique_ptr<PageAnchors> _anchors;
    std::mutex _writeMutex;
    std::atomic<uint64_t> _commits{0};
    struct CachedCount {
        uint64_t commits;
        std::chrono::steady_clock::time_point at;
        int64_t value;
    };
    std::mutex _countMutex, _countComputeMutex;
    std::unordered_map<std::string, CachedCount> _counts;
};

} // namespace finimport::store
