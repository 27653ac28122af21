#include "store/Database.h"

#include "domain/NoCopy.h"

#include "store/PageAnchors.h"
#include "store/PgNative.h"
#include "store/PgPassFile.h"
#include "store/ReadStamps.h"
#include "store/Sql.h"
#include "store/SqliteNative.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"
#include "store/WalCheckpointer.h"

#include <Poco/Data/DataException.h>
#include <Poco/Data/PostgreSQL/Connector.h>
#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/SQLite/SQLiteException.h>
#include <Poco/Data/SQLite/Utility.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/SessionPool.h>

#include <sqlite3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>

namespace finimport::store {

namespace {

// Per-connection settings (docs/build-notes.md §3), run by SQLite itself for every connection this
// process opens (an auto extension), so a pooled session costs no statements at checkout.
int configureSqliteConnection(sqlite3* db, char** error, const sqlite3_api_routines*) {
    // Balance materialisation rewrites large index ranges: a 64 MiB page cache per
    // connection keeps them in memory instead of re-reading the file (store_bench).
    // Connections that write through Database::write checkpoint in the background
    // (WalCheckpointer); the auto-checkpoint stays for any other writer. A WAL grown by a large
    // upload is cut back to 64 MiB when it restarts.
    return sqlite3_exec(db,
                        "PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=10000; "
                        "PRAGMA foreign_keys=ON; PRAGMA cache_size=-65536; "
                        "PRAGMA temp_store=MEMORY; PRAGMA wal_autocheckpoint=16384; "
                        "PRAGMA journal_size_limit=67108864;",
                        nullptr, nullptr, error);
}

// After the COMMIT: a failure here only leaves the step unforgiven (the pages are rebuilt once),
// it must not report the committed transaction as failed.
void forgiveOwnCommit(ReadStamps& stamps, Tx& writer, const ReadStamps::OwnCommit& begun) {
    try {
        stamps.ownCommitEnded(writer, begun);
    } catch (const std::exception&) {
    }
}

// The database holds every family's ledger: a folder this creates is 0700 and a new file 0600
// (its -wal and -shm files take the file's mode), whatever the umask, with or without systemd.
void createPrivateSqliteFile(const std::string& path) {
    namespace fs = std::filesystem;
    const fs::path file(path), parent = file.parent_path();
    if (!parent.empty() && !fs::exists(parent)) {
        fs::create_directories(parent);
        fs::permissions(parent, fs::perms::owner_all, fs::perm_options::replace);
    }
    if (path == ":memory:" || fs::exists(file)) return;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::fchmod(fd, 0600);
        ::close(fd);
    }
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

bool Database::isDatabaseError(const std::exception& e) {
    if (dynamic_cast<const Poco::Data::DataException*>(&e)) return true;
    const std::string what = e.what();
    for (const char* prefix : {"PostgreSQL", "COPY into", "SQLite", "no database session",
                               "cannot connect to the database"})
        if (what.rfind(prefix, 0) == 0) return true;
    return false;
}

namespace {

uint64_t nextInstance() {
    static std::atomic<uint64_t> next{0};
    return ++next;
}

} // namespace

Database::Database(const std::string& url, int maxSessions)
    : Database(url, DatabaseOptions{maxSessions, 0, {}}) {}

class Database::Slot : domain::NoCopy {
public:
    explicit Slot(Pool& pool) : _pool(pool) {
        std::unique_lock lock(_pool.slotMutex);
        if (!_pool.slotFreed.wait_for(lock, std::chrono::seconds(30),
                                      [&] { return _pool.slotsInUse < _pool.maxSessions; }))
            throw std::runtime_error("no database session became free within 30 s");
        ++_pool.slotsInUse;
    }
    ~Slot() {
        {
            std::lock_guard lock(_pool.slotMutex);
            --_pool.slotsInUse;
        }
        _pool.slotFreed.notify_one();
    }

private:
    Pool& _pool;
};

namespace {

// A session pool that applies the per-connection settings right after each PostgreSQL
// connection opens (SET statements: Poco's connection string cannot carry libpq's `options`,
// docs/configuration.md "database").
class SettingsPool : public Poco::Data::SessionPool {
public:
    SettingsPool(const std::string& connector, const std::string& connection, int sessions,
                 std::string settings)
        : Poco::Data::SessionPool(connector, connection, sessions, sessions, 60),
          _settings(std::move(settings)) {}

protected:
    void customizeSession(Poco::Data::Session& session) override {
        if (!_settings.empty()) pgExec(pgHandle(session), _settings);
    }

private:
    std::string _settings;
};

} // namespace

Database::Pool::Pool(const DatabaseUrl& u, const DatabaseOptions& options)
    : url(u), maxSessions(std::max(options.maxSessions, 1)) {
    std::string settings;
    if (url.kind == DatabaseUrl::Kind::Sqlite) {
        createPrivateSqliteFile(url.path);
    } else {
        // Custom plans always: the StatementCache keeps statements prepared, and PostgreSQL's
        // generic plan for a page (LIMIT/OFFSET and the family as parameters) sorts the whole
        // join instead of walking balances_date: 3 req/s instead of hundreds (reads_bench pg).
        // Notices ("already exists, skipping") would go to stderr, outside the JSON log.
        settings = "SET plan_cache_mode = force_custom_plan; SET client_min_messages = warning";
        if (options.statementTimeoutMs > 0)
            settings += "; SET statement_timeout = " + std::to_string(options.statementTimeoutMs);
        if (url.passwordNeedsFile()) passfile = std::make_unique<PgPassFile>(url.password);
    }
    // minimum = maximum: the pool never closes an idle connection, so the prepared statements
    // the StatementCache keeps for it stay valid (a connection is opened on first need only).
    sessions = std::make_unique<SettingsPool>(
        url.connector(), url.connectionString(passfile ? passfile->path() : std::string()),
        maxSessions, settings);
}

Database::Pool::~Pool() = default;

void Database::Pool::checkConnects() {
    if (url.kind == DatabaseUrl::Kind::PostgreSql) {
        auto params = url.params;
        bool timeout = false;
        for (auto it = params.begin(); it != params.end();) {
            timeout = timeout || it->first == "connect_timeout";
            if (passfile && it->first == "password")
                it = params.erase(it);
            else
                ++it;
        }
        if (passfile) params.emplace_back("passfile", passfile->path());
        if (!timeout) params.emplace_back("connect_timeout", "10");
        if (std::string problem = pgConnectProblem(params); !problem.empty())
            throw std::runtime_error("cannot connect to the database " + url.redacted() + ": " +
                                     problem);
    }
    try {
        Slot slot(*this);
        Poco::Data::Session s = session();
    } catch (const Poco::Exception& e) {
        throw std::runtime_error("cannot connect to the database " + url.redacted() + ": " +
                                 e.displayText());
    } catch (const std::exception& e) {
        throw std::runtime_error("cannot connect to the database " + url.redacted() + ": " +
                                 e.what());
    }
}

Poco::Data::Session Database::Pool::session() {
    // SQLite's per-connection settings are applied when each connection opens
    // (configureSqliteConnection), not on every checkout. Poco sets its own busy timeout when it
    // opens a connection; ours (10 s) is a C call, not a statement.
    Poco::Data::Session s = sessions->get();
    if (url.kind == DatabaseUrl::Kind::Sqlite) s.setConnectionTimeout(10);
    return s;
}

Database::Database(const std::string& url, const DatabaseOptions& options)
    : _url(DatabaseUrl::parse(url)), _instance(nextInstance()),
      _statements(std::make_unique<StatementCache>()), _stamps(std::make_unique<ReadStamps>(*this)),
      _anchors(std::make_unique<PageAnchors>()) {
    registerConnectors();
    _primary = std::make_unique<Pool>(_url, options);
    if (!options.readUrl.empty())
        _replica = std::make_unique<Pool>(DatabaseUrl::parse(options.readUrl), options);
    if (isPostgres()) {
        // Connect now: a wrong password or an unreachable host is a start-up error naming the
        // host, not the first request's 500.
        _primary->checkConnects();
        if (_replica) _replica->checkConnects();
    }
    if (isSqlite()) {
        Slot slot(*_primary);
        auto s = session();
        // journal_mode persists in the file; it returns a row, so read it.
        sqlQuery(s, "PRAGMA journal_mode=WAL");
        _checkpointer = std::make_unique<WalCheckpointer>(_url.path);
    }
}

Database::~Database() {
    _statements->clear();  // SQLite statements are finalized while their connections are open
    _checkpointer.reset(); // no commit runs any more: the connections' hooks are not called
}

PoolUsage Database::poolUsage() const {
    return {_primary->sessions->used(), _primary->sessions->idle(), _primary->sessions->capacity()};
}

Poco::Data::Session Database::session() {
    return _primary->session();
}

void Database::read(const std::function<void(Tx&)>& work) {
    Slot slot(*_primary); // outlives the session, which returns to the pool first
    Tx s(session());
    work(s);
}

void Database::readReplica(const std::function<void(Tx&)>& work) {
    if (!_replica) return read(work);
    Slot slot(*_replica);
    Tx s(_replica->session());
    work(s);
}

void Database::write(const std::function<void(Tx&)>& work) {
    writeTransaction(work, true);
}

void Database::writeBookkeeping(const std::function<void(Tx&)>& work) {
    writeTransaction(work, false);
}

void Database::writeTransaction(const std::function<void(Tx&)>& work, bool countsRows) {
    std::unique_lock<std::mutex> lock(_writeMutex, std::defer_lock);
    if (isSqlite()) lock.lock();
    Slot slot(*_primary);
    Tx s(session());
    if (isSqlite())
        sqlExec(s, "BEGIN IMMEDIATE");
    else
        s.begin();
    // Cached counts are dropped only by transactions that changed rows (an idle job poll is a
    // write transaction that changes nothing).
    sqlite3* handle = isSqlite() ? Poco::Data::SQLite::Utility::dbHandle(s) : nullptr;
    // The COMMIT only wakes the checkpointer: the request does not copy the WAL it wrote.
    if (handle && _checkpointer) _checkpointer->watch(handle);
    const int64_t changesBefore = handle ? sqlite3_total_changes64(handle) : 0;
    // A bookkeeping commit does not move the listings' stamp (ReadStamps.h).
    std::optional<ReadStamps::OwnCommit> ownCommit;
    try {
        if (handle && !countsRows) ownCommit = _stamps->ownCommitBegins(s);
        work(s);
        // PostgreSQL: a transaction that wrote (or locked) rows has a transaction id; the job
        // queue's idle polls have none and keep the cached counts (one of those per poll
        // invalidated every GET /balances count on PostgreSQL).
        const bool changed = countsRows && !handle && pgTransactionWrote(pgHandle(s));
        if (isSqlite())
            sqlExec(s, "COMMIT");
        else
            s.commit();
        if (ownCommit) forgiveOwnCommit(*_stamps, s, *ownCommit);
        if (countsRows && (changed || (handle && sqlite3_total_changes64(handle) != changesBefore)))
            ++_commits;
    } catch (...) {
        // Read before the rollback: the failed statement's operating-system error.
        const std::string ioCause = sqliteIoCause(handle);
        try {
            if (isSqlite())
                sqlExec(s, "ROLLBACK");
            else
                s.rollback();
        } catch (...) {
        }
        try {
            throw;
        } catch (const Poco::Data::SQLite::IOErrorException& e) {
            // Poco says only "I/O error": the log names the cause (docs/decisions.md D115).
            if (ioCause.empty()) throw;
            throw Poco::Data::SQLite::IOErrorException(e.message(), ioCause);
        }
    }
}

int64_t Database::cachedCount(const std::string& key, const std::function<int64_t(Tx&)>& count,
                              bool replica) {
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
    auto run = [&](Tx& s) { value = count(s); };
    if (replica)
        readReplica(run);
    else
        read(run);
    std::lock_guard<std::mutex> lock(_countMutex);
    if (_counts.size() > 10000) _counts.clear(); // many distinct filters: start over
    _counts[key] = {before, at, value};
    return value;
}

} // namespace finimport::store
