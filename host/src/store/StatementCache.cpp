#include "store/StatementCache.h"

#include "store/PgNative.h"
#include "store/SqliteNative.h"
#include "store/StoreCounters.h"

#include <Poco/Data/Session.h>

#include <libpq-fe.h>

#include <charconv>
#include <stdexcept>

namespace finimport::store {

namespace {

int64_t parseI64(std::string_view text) {
    int64_t v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size())
        throw std::runtime_error("not an integer column value: " + std::string(text));
    return v;
}

struct ResultDeleter {
    void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

std::string pgError(const PGresult* r) {
    std::string m = PQresultErrorMessage(r);
    while (!m.empty() && (m.back() == '\n' || m.back() == ' '))
        m.pop_back();
    return m;
}

bool isMissingStatement(const PGresult* r) {
    const char* state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    return state && std::string_view(state) == "26000"; // invalid_sql_statement_name
}

// Parameters as text (libpq's text format), integers in decimal; `ints` owns their text.
std::vector<const char*> pgParams(const std::vector<SqlValue>& params,
                                  std::vector<std::string>& ints) {
    ints.reserve(params.size()); // no reallocation: the pointers stay valid
    std::vector<const char*> values(params.size(), nullptr);
    for (size_t i = 0; i < params.size(); ++i) {
        if (const auto* n = std::get_if<int64_t>(&params[i]))
            values[i] = ints.emplace_back(std::to_string(*n)).c_str();
        else if (const auto* t = std::get_if<std::string>(&params[i]))
            values[i] = t->c_str();
    }
    return values;
}

} // namespace

void nativeQuery(Poco::Data::Session& s, const std::string& sql,
                 const std::vector<SqlValue>& params,
                 const std::function<void(const NativeRow&)>& onRow) {
    NativeRow row;
    if (isSqliteSession(s)) {
        SqliteStatement st(sqliteHandle(s), sql);
        st.bind(params);
        row._sqlite = &st;
        while (st.step())
            onRow(row);
        return;
    }
    std::vector<std::string> ints;
    auto values = pgParams(params, ints);
    counters::statement();
    Result r{PQexecParams(pgHandle(s), numberPlaceholders(sql).c_str(),
                          static_cast<int>(params.size()), nullptr, values.data(), nullptr, nullptr,
                          0)};
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK)
        throw std::runtime_error("PostgreSQL query failed: " + pgError(r.get()));
    row._pg = r.get();
    const int rows = PQntuples(r.get());
    counters::rows(static_cast<uint64_t>(rows));
    for (row._row = 0; row._row < rows; ++row._row)
        onRow(row);
}

bool NativeRow::isNull(size_t c) const {
    return _sqlite ? _sqlite->isNull(static_cast<int>(c))
                   : PQgetisnull(_pg, _row, static_cast<int>(c)) != 0;
}

std::string_view NativeRow::text(size_t c) const {
    if (_sqlite) return _sqlite->text(static_cast<int>(c));
    return {PQgetvalue(_pg, _row, static_cast<int>(c)),
            static_cast<size_t>(PQgetlength(_pg, _row, static_cast<int>(c)))};
}

int64_t NativeRow::i64(size_t c) const {
    if (isNull(c)) return 0;
    return _sqlite ? _sqlite->i64(static_cast<int>(c)) : parseI64(text(c));
}

std::optional<std::string> NativeRow::optStr(size_t c) const {
    if (isNull(c)) return std::nullopt;
    return str(c);
}

std::optional<int64_t> NativeRow::optI64(size_t c) const {
    if (isNull(c)) return std::nullopt;
    return i64(c);
}

StatementCache::StatementCache() = default;

StatementCache::~StatementCache() {
    clear();
}

void StatementCache::clear() {
    std::lock_guard lock(_mutex);
    _sqlite.clear();
    _pg.clear();
}

void StatementCache::query(Poco::Data::Session& s, const std::string& sql,
                           const std::vector<SqlValue>& params,
                           const std::function<void(const NativeRow&)>& onRow) {
    if (isSqliteSession(s))
        querySqlite(sqliteHandle(s), sql, params, onRow);
    else
        queryPostgres(pgHandle(s), sql, params, onRow);
}

int64_t StatementCache::count(Poco::Data::Session& s, const std::string& sql,
                              const std::vector<SqlValue>& params) {
    int64_t value = 0;
    query(s, sql, params, [&](const NativeRow& r) { value = r.i64(0); });
    return value;
}

void StatementCache::querySqlite(sqlite3* db, const std::string& sql,
                                 const std::vector<SqlValue>& params,
                                 const std::function<void(const NativeRow&)>& onRow) {
    SqliteStatement* st = nullptr;
    {
        std::lock_guard lock(_mutex);
        auto& statements = _sqlite[db];
        auto it = statements.find(sql);
        if (it == statements.end()) {
            if (statements.size() >= kPerConnection) statements.clear();
            it = statements.emplace(sql, std::make_unique<SqliteStatement>(db, sql)).first;
        }
        st = it->second.get();
    }
    // Reset on every way out, so the statement holds no read snapshot between requests.
    struct Reset {
        SqliteStatement* st;
        ~Reset() { st->reset(); }
    } reset{st};
    st->bind(params);
    NativeRow row;
    row._sqlite = st;
    while (st->step())
        onRow(row);
}

void StatementCache::queryPostgres(pg_conn* conn, const std::string& sql,
                                   const std::vector<SqlValue>& params,
                                   const std::function<void(const NativeRow&)>& onRow) {
    std::vector<std::string> ints;
    auto values = pgParams(params, ints);
    const int backendPid = PQbackendPID(conn);
    for (int attempt = 0;; ++attempt) {
        std::string name;
        bool prepared = false;
        {
            std::lock_guard lock(_mutex);
            auto& c = _pg[conn];
            if (c.backendPid != backendPid || c.names.size() >= kPerConnection) {
                c.names.clear(); // a reconnected session: its statements are gone
                c.backendPid = backendPid;
            }
            auto it = c.names.find(sql);
            if (it != c.names.end()) {
                name = it->second;
                prepared = true;
            } else {
                name = "fi_cached_" + std::to_string(++_nextName);
            }
        }
        if (!prepared) {
            Result r{PQprepare(conn, name.c_str(), numberPlaceholders(sql).c_str(),
                               static_cast<int>(params.size()), nullptr)};
            if (PQresultStatus(r.get()) != PGRES_COMMAND_OK)
                throw std::runtime_error("PostgreSQL prepare failed: " + pgError(r.get()));
            std::lock_guard lock(_mutex);
            _pg[conn].names[sql] = name;
        }
        counters::statement();
        Result r{PQexecPrepared(conn, name.c_str(), static_cast<int>(params.size()), values.data(),
                                nullptr, nullptr, 0)};
        if (PQresultStatus(r.get()) == PGRES_TUPLES_OK) {
            NativeRow row;
            row._pg = r.get();
            const int rows = PQntuples(r.get());
            counters::rows(static_cast<uint64_t>(rows));
            for (row._row = 0; row._row < rows; ++row._row)
                onRow(row);
            return;
        }
        if (attempt == 0 && prepared && isMissingStatement(r.get())) {
            std::lock_guard lock(_mutex); // the server forgot it (DISCARD ALL): prepare again
            _pg[conn].names.erase(sql);
            continue;
        }
        throw std::runtime_error("PostgreSQL query failed: " + pgError(r.get()));
    }
}

} // namespace finimport::store
