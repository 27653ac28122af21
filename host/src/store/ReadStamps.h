#pragma once
// Stamps of the committed data a read sees, for caches of whole read results (the balance and
// trade pages, http/PageCache.h). Two equal stamps mean that no transaction changed listed data
// in between, on any connection, process or instance:
//  - SQLite: `PRAGMA data_version` of one connection of its own that never writes. Its value
//    changes when any other connection (a pooled one of this process, another process)
//    committed. One connection for every request: the pool's connections each have their own
//    data_version, so comparing across them counted a connection's first use, and every
//    connection's first look after one write, as a change (bench/RESULTS.md).
//    A bookkeeping commit of this process (Database::writeBookkeeping: job claims, heartbeats,
//    a key's last-used time) is not a change of listed data: its step of the version is
//    forgiven when nothing else committed meanwhile (ownCommitBegins/ownCommitEnded). A key's
//    once-a-minute last-used time otherwise rebuilt every page and stalled every reader.
//  - PostgreSQL: `pg_current_snapshot()`, which changes when a transaction that wrote commits
//    (a finished writer leaves the in-progress list, or a newer one moved xmax).

#include "domain/NoCopy.h"
#include "store/Tx.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

struct sqlite3;

namespace finimport::store {

class Database;
class SqliteStatement;

class ReadStamps : domain::NoCopy {
public:
    explicit ReadStamps(Database& db);
    ~ReadStamps();

    // The stamp of the data as it is now, from the database the listings read (the read
    // replica, when there is one). Take it before the read it guards: a change committed
    // meanwhile then gives the next request a new stamp. Throws on database errors.
    std::string current();
    // The same for a caller that already holds `s`, a session of the database the listings read:
    // PostgreSQL reads the stamp on `s` (no second session is taken from the pool while it is
    // held); SQLite reads its own watch connection, as current() does.
    std::string current(Tx& s);

    // SQLite, around a bookkeeping transaction that holds the write lock (Database.cpp):
    // `writer` is its session. Begins: after BEGIN IMMEDIATE; ended: after COMMIT, while
    // this process's writers are still excluded. The version step between the two is forgiven
    // only when the writer saw no other connection commit in between (its own data_version,
    // which its own commit does not move, is unchanged): a commit of another process that
    // slipped in after ours is never forgiven with it.
    struct OwnCommit {
        int64_t watchVersion = 0, writerVersion = 0;
    };
    OwnCommit ownCommitBegins(Tx& writer);
    void ownCommitEnded(Tx& writer, const OwnCommit& begun);

private:
    int64_t watchVersion(); // with _mutex held
    int64_t writerVersion(Tx& writer);
    std::string sqliteStamp();

    Database& _db;
    std::mutex _mutex;         // SQLite: the watch connection serves one caller at a time
    sqlite3* _watch = nullptr; // SQLite: opened on first use, closed by the destructor
    std::unique_ptr<SqliteStatement> _dataVersion; // prepared once on _watch
    bool _seen = false;                            // _version holds a value read for a stamp
    int64_t _version = 0; // the watch connection's data_version when the stamp was last taken
    uint64_t _stamp = 0;  // moves when _version moved for anything but forgiven steps
    std::map<int64_t, int64_t> _forgiven; // from -> to: version steps of bookkeeping commits
};

} // namespace finimport::store
