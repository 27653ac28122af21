#include "store/Database.h"

#include "store/Sql.h"

#include <Poco/Data/PostgreSQL/Connector.h>
#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/SessionPool.h>

#include <filesystem>

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

Database::Database(const std::string& url, const DatabaseOptions& options)
    : _url(DatabaseUrl::parse(url)) {
    registerConnectors();
    const int maxSessions = options.maxSessions;
    if (isSqlite()) {
        auto parent = std::filesystem::path(_url.path).parent_path();
        if (!parent.empty()) std::filesystem::create_directories(parent);
    }
    std::string connection = _url.connectionString();
    if (isPostgres() && options.statementTimeoutMs > 0)
        connection +=
            " options='-c statement_timeout=" + std::to_string(options.statementTimeoutMs) + "'";
    _pool =
        std::make_unique<Poco::Data::SessionPool>(_url.connector(), connection, 1, maxSessions, 60);
    if (isSqlite()) {
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
    auto s = session();
    work(s);
}

void Database::write(const std::function<void(Poco::Data::Session&)>& work) {
    std::unique_lock<std::mutex> lock(_writeMutex, std::defer_lock);
    if (isSqlite()) lock.lock();
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
