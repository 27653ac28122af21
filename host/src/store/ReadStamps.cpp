#include "store/ReadStamps.h"

#include "store/Database.h"
#include "store/SqliteNative.h"
#include "store/StatementCache.h"

#include <sqlite3.h>

#include <stdexcept>

namespace finimport::store {

ReadStamps::ReadStamps(Database& db) : _db(db) {}

ReadStamps::~ReadStamps() {
    _dataVersion.reset(); // finalized before its connection closes
    if (_watch) sqlite3_close_v2(_watch);
}

int64_t ReadStamps::watchVersion() {
    if (!_watch) {
        // Read-write without create: the file exists (the pool opened it), and a WAL database
        // may need its shared-memory index written even by a reader.
        sqlite3* handle = nullptr;
        const int rc = sqlite3_open_v2(_db.url().path.c_str(), &handle,
                                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, nullptr);
        if (rc != SQLITE_OK) {
            std::string message = handle ? sqlite3_errmsg(handle) : sqlite3_errstr(rc);
            sqlite3_close_v2(handle);
            throw std::runtime_error("read stamps: cannot open the database: " + message);
        }
        try {
            _dataVersion = std::make_unique<SqliteStatement>(handle, "PRAGMA data_version");
        } catch (...) {
            sqlite3_close_v2(handle);
            throw;
        }
        _watch = handle;
    }
    if (!_dataVersion->step()) throw std::runtime_error("read stamps: PRAGMA data_version");
    const int64_t version = _dataVersion->i64(0);
    _dataVersion->reset();
    return version;
}

std::string ReadStamps::sqliteStamp() {
    std::lock_guard lock(_mutex);
    const int64_t now = watchVersion();
    if (!_seen) {
        _seen = true;
        _version = now;
    }
    // Follow the forgiven steps from the last stamp's version; anything else is a change.
    while (_version != now) {
        auto step = _forgiven.find(_version);
        if (step == _forgiven.end()) {
            ++_stamp;
            _version = now;
            break;
        }
        _version = step->second;
        _forgiven.erase(step);
    }
    if (_forgiven.size() > 1000) _forgiven.clear(); // steps no stamp was taken between
    return std::to_string(_stamp);
}

std::string ReadStamps::current() {
    if (_db.isSqlite()) return sqliteStamp();
    std::string stamp;
    _db.readReplica([&](Tx& s) { stamp = current(s); });
    return stamp;
}

std::string ReadStamps::current(Tx& s) {
    if (_db.isSqlite()) return sqliteStamp();
    std::string stamp;
    _db.statements().query(s, "SELECT pg_current_snapshot()::text", {},
                           [&](const NativeRow& r) { stamp = r.text(0); });
    return stamp;
}

int64_t ReadStamps::writerVersion(Tx& writer) {
    int64_t version = 0;
    _db.statements().query(writer, "PRAGMA data_version", {},
                           [&](const NativeRow& r) { version = r.i64(0); });
    return version;
}

ReadStamps::OwnCommit ReadStamps::ownCommitBegins(Tx& writer) {
    OwnCommit begun;
    begun.writerVersion = writerVersion(writer);
    std::lock_guard lock(_mutex);
    begun.watchVersion = watchVersion();
    return begun;
}

void ReadStamps::ownCommitEnded(Tx& writer, const OwnCommit& begun) {
    std::lock_guard lock(_mutex);
    const int64_t after = watchVersion();
    // Read after the watch connection's: whatever it saw committed, the writer sees too.
    if (after != begun.watchVersion && writerVersion(writer) == begun.writerVersion)
        _forgiven[begun.watchVersion] = after;
}

} // namespace finimport::store
