#include "store/WalCheckpointer.h"

#include <sqlite3.h>

namespace finimport::store {

WalCheckpointer::WalCheckpointer(std::string path, int wakePages, int hardPages)
    : _path(std::move(path)), _wakePages(wakePages), _hardPages(hardPages),
      _thread([this] { run(); }) {}

WalCheckpointer::~WalCheckpointer() {
    {
        std::lock_guard lock(_mutex);
        _stop = true;
    }
    _wakeup.notify_one();
    _thread.join();
    if (_db) sqlite3_close_v2(_db);
}

void WalCheckpointer::watch(sqlite3* db) {
    sqlite3_wal_hook(db, &WalCheckpointer::committed, this);
}

int WalCheckpointer::committed(void* self, sqlite3* db, const char* schema, int pages) {
    auto* me = static_cast<WalCheckpointer*>(self);
    if (pages >= me->_hardPages) {
        // The thread is behind a stream of commits: bound the WAL here, as SQLite's
        // auto-checkpoint would (PASSIVE: it never waits for readers or the next writer).
        sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
        std::lock_guard lock(me->_mutex);
        ++me->_inline;
    } else if (pages >= me->_wakePages) {
        me->wake();
    }
    return SQLITE_OK; // the commit itself has succeeded either way
}

void WalCheckpointer::wake() {
    {
        std::lock_guard lock(_mutex);
        _pending = true;
    }
    _wakeup.notify_one();
}

void WalCheckpointer::run() {
    std::unique_lock lock(_mutex);
    for (;;) {
        _wakeup.wait(lock, [&] { return _pending || _stop; });
        if (_stop) return;
        _pending = false;
        lock.unlock();
        checkpointNow();
        lock.lock();
    }
}

bool WalCheckpointer::checkpointNow() {
    std::lock_guard one(_checkpointMutex);
    if (!_db) {
        // Its own connection: a pooled one would take a request's slot.
        if (sqlite3_open_v2(_path.c_str(), &_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                            nullptr) != SQLITE_OK) {
            sqlite3_close_v2(_db);
            _db = nullptr;
            return false;
        }
    }
    int walPages = 0, copied = 0;
    const int rc =
        sqlite3_wal_checkpoint_v2(_db, nullptr, SQLITE_CHECKPOINT_PASSIVE, &walPages, &copied);
    {
        std::lock_guard lock(_mutex);
        ++_checkpoints;
    }
    return rc == SQLITE_OK && walPages == copied;
}

uint64_t WalCheckpointer::checkpoints() const {
    std::lock_guard lock(_mutex);
    return _checkpoints;
}

uint64_t WalCheckpointer::inlineCheckpoints() const {
    std::lock_guard lock(_mutex);
    return _inline;
}

} // namespace finimport::store
