#include "store/Database.h"

#include "store/Sql.h"

#include <Poco/Data/PostgreSQL/Connector.h>
#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/SessionPool.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <stdexcept>

namespace finimport::store {

void Database::registerConnectors() {
    static std::once_flag once;
    std::call_once(once, [] {
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
    Poco::Data::Session s = _pool->get();
    if (isSqlite()) {
        // Per-connection settings (STACK_NOTES §3): apply to every session from the pool.
        sqlExec(s, "PRAGMA synchronous=NORMAL");
        sqlExec(s, "PRAGMA busy_timeout=10000");
        sqlExec(s, "PRAGMA foreign_keys=ON");
        // Balance materialisation rewrites large index ranges: a 64 MiB page cache per
        // connection keeps them in memory instead of re-reading the file (store_bench).
        sqlExec(s, "PRAGMA cache_size=-65536");
        sqlExec(s, "PRAGMA temp_store=MEMORY");
        sqlExec(s, "PRAGMA wal_autocheckpoint=16384");
    }
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
    try {
        work(s);
        if (isSqlite())
            sqlExec(s, "COMMIT");
        else
            s.commit();
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

} // namespace finimport::store
