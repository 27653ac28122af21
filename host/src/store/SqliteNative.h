#pragma once
// The SQLite C API under a Poco session, for the few hot paths where Poco's per-value binding
// objects cost more than the work itself (batch inserts at publish, list reads): statements are
// prepared once and re-bound with sqlite3_bind_*. Only for sessions of the "sqlite" connector.

#include "domain/NoCopy.h"
#include "store/SqlRow.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace Poco::Data {
class Session;
}

struct sqlite3;
struct sqlite3_stmt;

namespace finimport::store {

bool isSqliteSession(Poco::Data::Session& s);
sqlite3* sqliteHandle(Poco::Data::Session& s);
// After an I/O failure (SQLITE_IOERR…), which operation failed ("SQLITE_IOERR_WRITE: writing
// the database file or its WAL failed") and the OS error when SQLite still has it; empty
// otherwise. Poco's message is only "I/O error" (docs/decisions.md D115).
std::string sqliteIoCause(sqlite3* db);

class SqliteStatement : domain::NoCopy {
public:
    SqliteStatement(sqlite3* db, const std::string& sql); // throws std::runtime_error
    ~SqliteStatement();

    // Binds `values` to ?1..?n starting at parameter `first` (1-based).
    void bind(const std::vector<SqlValue>& values, int first = 1);
    void bind(int index, const SqlValue& value);
    // Without a SqlValue (no copy): the text must outlive the step (SQLITE_STATIC).
    void bindText(int index, std::string_view text);
    void bindInt(int index, int64_t value);
    // Steps once: true while a row is available. Throws on error.
    bool step();
    // Runs to completion (an INSERT/UPDATE), then resets for the next binding.
    void run();
    void reset();

    bool isNull(int column) const;
    int64_t i64(int column) const;
    std::string_view text(int column) const;

private:
    sqlite3* _db;
    sqlite3_stmt* _stmt = nullptr;
    bool _stepped = false; // since the last reset (store/StoreCounters.h counts executions)
};

} // namespace finimport::store
