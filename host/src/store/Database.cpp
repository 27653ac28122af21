#include "store/Database.h"

#include "store/Sql.h"

#include <Poco/Data/PostgreSQL/Connector.h>
#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/SQLite/Utility.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/SessionPool.h>

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>

namespace finimport::store {

namespace {

// Per-connection settings (STACK_NOTES §3), run by SQLite itself for every connection this
// process opens (an auto extension), so a pooled session costs no statements at checkout.
int configureSqliteConnection(sqlite3* db, char** error, const sqlite3_api_routines*) {
    // Balance materialisation rewrites large index ranges: a 64 MiB page cache per
    // connection keeps them in memory instead of re-reading the file (store_bench).
    return sqlite3_exec(db,
                        "PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000; "
                        "PRAGMA foreign_keys=ON; PRAGMA cache_size=-65536; "
                        "PRAGMA temp_store=MEMORY; PRAGMA wal_autocheckpoint=16384;",
                        nullptr, nullptr, error);
}

} // namespace

void Database::registerConnectors() {
    static std::once_flag once;
    std::call_once(once, [] {
        sqlite3_auto_extension(reinterpret_cast<void (*)()>(&configureSqliteConnection));
        Poco::Data::SQLite::Connector::registerConnector();
        Poco::Data::PostgreSQL::Connector::registerConnector();
    });
}

Database::Database(const std::string& url, int maxSessions)
    : Database(url, DatabaseOptions{maxSessions, 0}) {}

class Database::Slot {
public:
    explicit Slot(Database& db) : _db(db) {
        std::unique_lock lock(_db._slotMutex);
        if (!_db._slotFreed.wait_for(lock, std::chrono::seconds(30),
                                     [&] { return _db._slotsInUse < _db._maxSessions; }))
            throw std::runtime_error("no database session became free within 30 s");
        ++_db._slotsInUse;
    }
    ~Slot() {
        {
            std::lock_guard lock(_db._slotMutex);
            --_db._slotsInUse;
        }
        _db._slotFreed.notify_one();
    }
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;

private:
    Database& _db;
};

Database::Database(const std::string& url, const DatabaseOptions& options)
    : _url(DatabaseUrl::parse(url)), _maxSessions(std::max(options.maxSessions, 1)) {
    registerConnectors();
    if (isSqlite()) {
        auto parent = std::filesystem::path(_url.path).parent_path();
        if (!parent.empty()) std::filesystem::create_directories(parent);
    }
    std::string connection = _url.connectionString();
    if (isPostgres() && options.statementTimeoutMs > 0)
        connection +=
            " options='-c statement_timeout=" + std::to_string(options.statementTimeoutMs) + "'";
    _pool = std::make_unique<Poco::Data::SessionPool>(_url.connector(), connection, 1, _maxSessions,
                                                      60);
    if (isSqlite()) {
        Slot slot(*this);
        auto s = session();
        // journal_mode persists in the file; it returns a row, so read it.
        std::string mode;
        sqlQuery(s, "PRAGMA journal_mode=WAL");
    }
}

Database::~Database() = default;

PoolUsage Database::poolUsage() const {
    return {_pool->used(), _pool->idle(), _pool->capacity()};
}

Poco::Data::Session Database::session() {
    // SQLite's per-connection settings are applied when each connection opens
    // (configureSqliteConnection), not on every checkout. Poco sets its own busy timeout when it
    // opens a connection; ours (10 s) is a C call, not a statement.
    Poco::Data::Session s = _pool->get();
    if (isSqlite()) s.setConnectionTimeout(10);
    return s;
}

void Database::read(const std::function<void(Poco::Data::Session&)>& work) {
    Slot slot(*this); // outlives the session, which returns to the pool first
    auto s = session();
    work(s);
}

void Database::write(const std::function<void(Poco::Data::Session&)>& work) {
    std::unique_lock<std::mutex> lock(_writeMutex, std::defer_lock);
    if (isSqlite()) lock.lock();
    Slot slot(*this);
    auto s = session();
    if (isSqlite())
        sqlExec(s, "BEGIN IMMEDIATE");
    else
        s.begin();
    // Cached counts are dropped only by transactions that changed rows (an idle job poll is a
    // write transaction that changes nothing).
    sqlite3* handle = isSqlite() ? Poco::Data::SQLite::Utility::dbHandle(s) : nullptr;
    const int64_t changesBefore = handle ? sqlite3_total_changes64(handle) : 0;
    try {
        work(s);
        if (isSqlite())
            sqlExec(s, "COMMIT");
        else
            s.commit();
        if (!handle || sqlite3_total_changes64(handle) != changesBefore) ++_commits;
    } catch (...) {
        try {
            if (isSqlite())
                sqlExec(s, "ROLLBACK");
            else
                s.rollback();
        } catch (...) {
        }
        throw;
    }
}

int64_t Database::cachedCount(const std::string& key,
                              const std::function<int64_t(Poco::Data::Session&)>& count) {
    const uint64_t commits = _commits.load();
    std::optional<int64_t> stale;
    {
        std::lock_guard<std::mutex> lock(_countMutex);
        auto it = _counts.find(key);
        if (it != _counts.end() && it->second.commits == commits) {
            if (std::chrono::steady_clock::now() - it->second.at < kCountTtl)
                return it->second.value;
            stale = it->second.value; // only old: other instances may have written meanwhile
        }
    }
    // One count at a time. An old (not invalidated) value is answered while another request
    // refreshes it; after a local write every request waits for the fresh count.
    std::unique_lock<std::mutex> computing(_countComputeMutex, std::defer_lock);
    if (stale) {
        if (!computing.try_lock()) return *stale;
    } else {
        computing.lock();
        std::lock_guard<std::mutex> lock(_countMutex);
        auto it = _counts.find(key);
        if (it != _counts.end() && it->second.commits == _commits.load() &&
            std::chrono::steady_clock::now() - it->second.at < kCountTtl)
            return it->second.value;
    }
    const uint64_t before = _commits.load();
    const auto at = std::chrono::steady_clock::now();
    int64_t value = 0;
    read([&](Poco::Data::Session& s) { value = count(s); });
    std::lock_guard<std::mutex> lock(_countMutex);
    if (_counts.size() > 10000) _counts.clear(); // many distinct filters: start over
    _counts[key] = {before, at, value};
    return value;
}

} // namespace finimport::store
