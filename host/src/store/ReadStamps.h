#pragma once
// Stamps of the committed data a read sees, for caches of whole read results (the balance and
// trade pages, http/PageCache.h). Two equal stamps mean that no transaction changed data in
// between, on any connection, process or instance:
//  - SQLite: per pooled connection, `PRAGMA data_version` (changes when another connection
//    committed) and sqlite3_total_changes64() (rows this connection changed itself). The first
//    connection to see either move bumps a process-wide counter, which is the stamp; a
//    connection seen for the first time bumps it too (it has nothing to compare with).
//  - PostgreSQL: `pg_current_snapshot()`, which changes when a transaction that wrote commits
//    (a finished writer leaves the in-progress list, or a newer one moved xmax).

#include "store/Tx.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

struct sqlite3;

namespace finimport::store {

class Database;

class ReadStamps {
public:
    explicit ReadStamps(Database& db) : _db(db) {}
    // The stamp seen through `s`, a session of the pool the cached read uses. Take it before
    // the read it guards: a change committed meanwhile then gives the next request a new
    // stamp. Throws on database errors.
    std::string current(Tx& s);

private:
    Database& _db;
    std::mutex _mutex;
    struct Seen {
        int64_t dataVersion = 0, totalChanges = 0;
    };
    // The last values per pooled SQLite connection (the pool keeps its connections open for
    // the process's life, so a handle is never reused by another connection).
    std::unordered_map<sqlite3*, Seen> _seen;
    std::atomic<uint64_t> _changes{0};
};

} // namespace finimport::store
