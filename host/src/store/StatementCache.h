#pragma once
// Prepared statements kept per pooled connection for the hot reads (key lookup, balance and
// trade pages and their counts). Poco prepares, binds and tears down a statement (and, on
// PostgreSQL, a server-side prepared statement: three round trips) for every query, and its
// RecordSet copies each value into a Dynamic::Var; that was 27 % of a GET /balances.
// Here SQLite statements are prepared once per connection and re-bound; PostgreSQL statements
// are prepared once per connection (PQprepare) and run with PQexecPrepared, one round trip.
// The pool keeps its connections open (Database), and the cache is cleared before it closes.

#include "domain/NoCopy.h"
#include "store/Sql.h"

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct pg_conn;
struct pg_result;

namespace finimport::store {

class SqliteStatement;

// One result row of a cached query; columns by position (the accessors of SqlRow).
class NativeRow {
public:
    bool isNull(size_t column) const;
    std::string_view text(size_t column) const;
    std::string str(size_t column) const { return std::string(text(column)); }
    int64_t i64(size_t column) const;
    std::optional<std::string> optStr(size_t column) const;
    std::optional<int64_t> optI64(size_t column) const;

private:
    friend class StatementCache;
    friend void nativeQuery(Poco::Data::Session&, const std::string&, const std::vector<SqlValue>&,
                            const std::function<void(const NativeRow&)>&);
    const SqliteStatement* _sqlite = nullptr;
    const pg_result* _pg = nullptr;
    int _row = 0;
};

// A one-shot query through the native API, without Poco's per-value Dynamic::Var copies: for
// large reads inside a job (an import's rows, an account's ledger). Nothing is cached.
void nativeQuery(Poco::Data::Session& s, const std::string& sql,
                 const std::vector<SqlValue>& params,
                 const std::function<void(const NativeRow&)>& onRow);

class StatementCache : domain::NoCopy {
public:
    StatementCache();
    ~StatementCache();

    // Runs `sql` (`?` placeholders) on the session's connection and calls `onRow` for every
    // row. The session must be held by the caller for the whole call (one thread per
    // connection, as the pool guarantees). Throws std::runtime_error on database errors.
    void query(Poco::Data::Session& s, const std::string& sql, const std::vector<SqlValue>& params,
               const std::function<void(const NativeRow&)>& onRow);
    // A single integer (a COUNT): 0 when there is no row.
    int64_t count(Poco::Data::Session& s, const std::string& sql,
                  const std::vector<SqlValue>& params);
    // Finalizes every SQLite statement; call before the connections close.
    void clear();
    // Statements a connection keeps at most (distinct filters build distinct SQL); beyond it
    // the connection's cache starts over.
    static constexpr size_t kPerConnection = 64;

private:
    void querySqlite(sqlite3* db, const std::string& sql, const std::vector<SqlValue>& params,
                     const std::function<void(const NativeRow&)>& onRow);
    void queryPostgres(pg_conn* conn, const std::string& sql, const std::vector<SqlValue>& params,
                       const std::function<void(const NativeRow&)>& onRow);

    struct PgConnection {
        int backendPid = 0;                                 // a new connection at the same address
        std::unordered_map<std::string, std::string> names; // SQL → prepared statement name
    };
    std::mutex _mutex; // guards the maps, not the statements (each is used by its connection)
    std::unordered_map<sqlite3*, std::unordered_map<std::string, std::unique_ptr<SqliteStatement>>>
        _sqlite;
    std::unordered_map<pg_conn*, PgConnection> _pg;
    uint64_t _nextName = 0;
};

} // namespace finimport::store
