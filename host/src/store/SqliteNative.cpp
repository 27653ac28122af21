#include "store/SqliteNative.h"
#include "store/StoreCounters.h"

#include <Poco/Data/SQLite/Utility.h>
#include <Poco/Data/Session.h>

#include <sqlite3.h>

#include <stdexcept>
#include <system_error>

namespace finimport::store {

bool isSqliteSession(Poco::Data::Session& s) {
    return s.connector() == "sqlite";
}

sqlite3* sqliteHandle(Poco::Data::Session& s) {
    return Poco::Data::SQLite::Utility::dbHandle(s);
}

std::string sqliteIoCause(sqlite3* db) {
    if (!db) return "";
    const int code = sqlite3_extended_errcode(db);
    if ((code & 0xff) != SQLITE_IOERR) return "";
    std::string cause;
    switch (code) {
    case SQLITE_IOERR_WRITE:
        cause = "SQLITE_IOERR_WRITE: writing the database file or its WAL failed";
        break;
    case SQLITE_IOERR_READ:
    case SQLITE_IOERR_SHORT_READ:
        cause = "SQLITE_IOERR_READ: reading the database file or its WAL failed";
        break;
    case SQLITE_IOERR_FSYNC:
    case SQLITE_IOERR_DIR_FSYNC:
        cause = "SQLITE_IOERR_FSYNC: flushing to the disk failed";
        break;
    case SQLITE_IOERR_TRUNCATE:
        cause = "SQLITE_IOERR_TRUNCATE: truncating a database file failed";
        break;
    default:
        cause = "SQLITE_IOERR, extended code " + std::to_string(code);
    }
    // Often 0 by now (SQLite keeps the OS error only until the next call): named when known.
    if (const int err = sqlite3_system_errno(db); err != 0)
        cause +=
            " (errno " + std::to_string(err) + ": " + std::generic_category().message(err) + ")";
    return cause;
}

SqliteStatement::SqliteStatement(sqlite3* db, const std::string& sql) : _db(db) {
    if (sqlite3_prepare_v3(db, sql.c_str(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                           &_stmt, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("SQLite prepare failed: ") + sqlite3_errmsg(db));
}

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(_stmt);
}

void SqliteStatement::bind(int index, const SqlValue& v) {
    int rc;
    if (std::holds_alternative<std::nullptr_t>(v))
        rc = sqlite3_bind_null(_stmt, index);
    else if (auto* i = std::get_if<int64_t>(&v))
        rc = sqlite3_bind_int64(_stmt, index, *i);
    else {
        const auto& t = std::get<std::string>(v);
        // SQLITE_STATIC: the values outlive the step (the caller holds them until run()).
        rc = sqlite3_bind_text(_stmt, index, t.data(), static_cast<int>(t.size()), SQLITE_STATIC);
    }
    if (rc != SQLITE_OK)
        throw std::runtime_error(std::string("SQLite bind failed: ") + sqlite3_errmsg(_db));
}

void SqliteStatement::bindText(int index, std::string_view text) {
    if (sqlite3_bind_text(_stmt, index, text.data(), static_cast<int>(text.size()),
                          SQLITE_STATIC) != SQLITE_OK)
        throw std::runtime_error(std::string("SQLite bind failed: ") + sqlite3_errmsg(_db));
}

void SqliteStatement::bindInt(int index, int64_t value) {
    if (sqlite3_bind_int64(_stmt, index, value) != SQLITE_OK)
        throw std::runtime_error(std::string("SQLite bind failed: ") + sqlite3_errmsg(_db));
}

void SqliteStatement::bind(const std::vector<SqlValue>& values, int first) {
    for (size_t i = 0; i < values.size(); ++i)
        bind(first + static_cast<int>(i), values[i]);
}

bool SqliteStatement::step() {
    if (!_stepped) counters::statement(); // the first step of an execution runs it
    _stepped = true;
    int rc = sqlite3_step(_stmt);
    if (rc == SQLITE_ROW) {
        counters::rows(1);
        return true;
    }
    if (rc == SQLITE_DONE) return false;
    std::string message = sqlite3_errmsg(_db);
    if (auto cause = sqliteIoCause(_db); !cause.empty()) message += ": " + cause;
    sqlite3_reset(_stmt);
    throw std::runtime_error("SQLite statement failed: " + message);
}

void SqliteStatement::run() {
    while (step()) {
    }
    reset();
}

void SqliteStatement::reset() {
    _stepped = false;
    sqlite3_reset(_stmt);
    sqlite3_clear_bindings(_stmt);
}

bool SqliteStatement::isNull(int column) const {
    return sqlite3_column_type(_stmt, column) == SQLITE_NULL;
}

int64_t SqliteStatement::i64(int column) const {
    return sqlite3_column_int64(_stmt, column);
}

std::string_view SqliteStatement::text(int column) const {
    auto* p = reinterpret_cast<const char*>(sqlite3_column_text(_stmt, column));
    return p ? std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(_stmt, column)))
             : std::string_view();
}

} // namespace finimport::store
