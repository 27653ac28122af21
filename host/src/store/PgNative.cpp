#include "store/PgNative.h"

#include "store/StoreCounters.h"

#include <Poco/Data/PooledSessionImpl.h>
#include <Poco/Data/PostgreSQL/SessionImpl.h>
#include <Poco/Data/Session.h>

#include <libpq-fe.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace finimport::store {

namespace {

// PooledSessionImpl keeps the connection's own SessionImpl behind a protected accessor; a
// pointer to that member, named through a derived class, reaches it without a copy of Poco.
struct PooledAccess : Poco::Data::PooledSessionImpl {
    static Poco::Data::SessionImpl* inner(Poco::Data::PooledSessionImpl& pooled) {
        return (pooled.*&PooledAccess::impl)();
    }
};

std::string trimmed(const char* message) {
    std::string m = message ? message : "";
    while (!m.empty() && (m.back() == '\n' || m.back() == ' '))
        m.pop_back();
    return m;
}

struct ResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// Reads every pending result; returns the first error message (empty when all succeeded).
std::string drainResults(PGconn* conn) {
    std::string error;
    while (Result r{PQgetResult(conn)}) {
        auto status = PQresultStatus(r.get());
        if (error.empty() && status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
            error = trimmed(PQresultErrorMessage(r.get()));
    }
    return error;
}

} // namespace

bool isPostgresSession(Poco::Data::Session& s) {
    return s.connector() == "postgresql";
}

pg_conn* pgHandle(Poco::Data::Session& s) {
    Poco::Data::SessionImpl* impl = s.impl();
    if (auto* pooled = dynamic_cast<Poco::Data::PooledSessionImpl*>(impl))
        impl = PooledAccess::inner(*pooled);
    auto* pg = dynamic_cast<Poco::Data::PostgreSQL::SessionImpl*>(impl);
    if (!pg) throw std::logic_error("pgHandle: not a PostgreSQL session");
    PGconn* conn = pg->handle();
    if (!conn) throw std::runtime_error("PostgreSQL session is not connected");
    return conn;
}

bool pgTransactionWrote(pg_conn* conn) {
    Result r{PQexec(conn, "SELECT txid_current_if_assigned() IS NOT NULL")};
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) != 1)
        throw std::runtime_error("PostgreSQL: " + trimmed(PQresultErrorMessage(r.get())));
    return PQgetvalue(r.get(), 0, 0)[0] == 't';
}

std::string pgConnectProblem(const std::vector<std::pair<std::string, std::string>>& params) {
    std::vector<const char*> keys, values;
    for (const auto& [key, value] : params) {
        keys.push_back(key.c_str());
        values.push_back(value.c_str());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);
    PGconn* conn = PQconnectdbParams(keys.data(), values.data(), 0);
    std::string problem;
    if (!conn)
        problem = "out of memory";
    else if (PQstatus(conn) != CONNECTION_OK)
        problem = trimmed(PQerrorMessage(conn));
    PQfinish(conn); // also after a failure: the attempt's socket is closed at once
    return problem;
}

void pgExec(pg_conn* conn, const std::string& sql) {
    if (!PQsendQuery(conn, sql.c_str()))
        throw std::runtime_error("PostgreSQL: " + trimmed(PQerrorMessage(conn)));
    if (std::string error = drainResults(conn); !error.empty())
        throw std::runtime_error("PostgreSQL: " + error);
}

void pgCopyIn(pg_conn* conn, const std::string& table, const std::vector<std::string>& columns,
              const std::string& rows) {
    PgCopyStream copy(conn, table, columns);
    copy.send(rows);
    copy.finish();
}

PgCopyStream::PgCopyStream(pg_conn* conn, std::string table, std::vector<std::string> columns)
    : _conn(conn), _table(std::move(table)), _columns(std::move(columns)) {}

PgCopyStream::~PgCopyStream() {
    if (!_open) return;
    // Ends the COPY with an error: the server discards its rows and the connection leaves the
    // COPY state, so the caller's rollback can run.
    PQputCopyEnd(_conn, "finimport: COPY abandoned");
    drainResults(_conn);
}

void PgCopyStream::start() {
    // The pool's connections force custom plans (store/Database.cpp: pages of cached statements).
    // A COPY's triggers run cached SPI plans too: forced custom, each was planned again (with
    // row-level foreign keys, the COPYs of a 100k-row publish took 8.8 s instead of 3,
    // bench/RESULTS.md). For the rest of this transaction PostgreSQL chooses
    // (set_config's `true`: local to the transaction, nothing outside one).
    Result plans{PQexec(_conn, "SELECT set_config('plan_cache_mode', 'auto', true)")};
    if (PQresultStatus(plans.get()) != PGRES_TUPLES_OK)
        throw std::runtime_error("COPY into " + _table +
                                 " failed: " + trimmed(PQresultErrorMessage(plans.get())));
    plans.reset();
    std::string sql = "COPY " + _table + " (";
    for (size_t c = 0; c < _columns.size(); ++c)
        sql += (c ? ", " : "") + _columns[c];
    sql += ") FROM STDIN";
    Result started{PQexec(_conn, sql.c_str())};
    if (PQresultStatus(started.get()) != PGRES_COPY_IN)
        throw std::runtime_error("COPY into " + _table +
                                 " failed: " + trimmed(PQresultErrorMessage(started.get())));
    _open = true;
}

void PgCopyStream::send(const std::string& rows) {
    if (!_open) start();
    // The connection is blocking: PQputCopyData queues and sends; large buffers go in pieces
    // so libpq's output buffer stays small.
    constexpr size_t kPiece = 1 << 20;
    for (size_t at = 0; at < rows.size(); at += kPiece) {
        const size_t n = std::min(kPiece, rows.size() - at);
        if (PQputCopyData(_conn, rows.data() + at, static_cast<int>(n)) != 1)
            throw std::runtime_error("COPY into " + _table +
                                     " failed: " + trimmed(PQerrorMessage(_conn)));
    }
}

void PgCopyStream::finish() {
    if (!_open) start();
    _open = false;
    counters::statement();
    if (PQputCopyEnd(_conn, nullptr) != 1) {
        std::string message = trimmed(PQerrorMessage(_conn));
        drainResults(_conn);
        throw std::runtime_error("COPY into " + _table + " failed: " + message);
    }
    if (std::string error = drainResults(_conn); !error.empty())
        throw std::runtime_error("COPY into " + _table + " failed: " + error);
}

} // namespace finimport::store
