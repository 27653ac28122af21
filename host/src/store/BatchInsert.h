#pragma once
// Multi-row INSERTs: rows are buffered and written as `INSERT … VALUES (…), (…), …` of up to
// `rowsPerStatement` rows, one statement per chunk. Plain SQL, so it works unchanged on SQLite
// and PostgreSQL (one round trip per chunk instead of one per row).

#include "store/Sql.h"
#include "store/SqliteNative.h"

#include <string>
#include <vector>

namespace finimport::store {

class BatchInsert {
public:
    // `columns` as written in the INSERT; `rowsPerStatement` is capped so that a statement
    // never binds more than kMaxParameters values (SQLite's limit is higher; libpq 15 drops the
    // connection, "lost synchronization with server", when the server's description of a
    // statement's parameters exceeds 30,000 bytes: about 7,498 parameters).
    // With `autoFlush` false, add() only buffers and the owner decides when to flush (several
    // tables whose foreign keys need a write order).
    BatchInsert(Poco::Data::Session& s, std::string table, std::vector<std::string> columns,
                size_t rowsPerStatement = 500, bool autoFlush = true);
    ~BatchInsert();
    BatchInsert(const BatchInsert&) = delete;
    BatchInsert& operator=(const BatchInsert&) = delete;

    static constexpr size_t kMaxParameters = 7000;

    // One row: exactly one value per column (throws std::invalid_argument otherwise).
    void add(std::vector<SqlValue> row);
    // Writes every buffered row, a statement per full chunk; the buffer is empty afterwards.
    // Also called by add() when a chunk is full (autoFlush). Nothing is written by the destructor:
    // an exception path writes nothing.
    void flush();
    size_t written() const { return _written; }
    size_t pending() const { return _pendingRows; }

private:
    std::string sqlFor(size_t rows) const;
    void write(const SqlValue* values, size_t rows);

    Poco::Data::Session& _s;
    std::string _table;
    std::vector<std::string> _columns;
    size_t _rowsPerStatement;
    bool _autoFlush;
    std::vector<SqlValue> _pending; // row-major
    size_t _pendingRows = 0, _written = 0;
    std::string _fullChunkSql;  // cached text of a full chunk
    sqlite3* _sqlite = nullptr; // SQLite: full chunks reuse one prepared statement
    std::unique_ptr<SqliteStatement> _fullChunk;
};

} // namespace finimport::store
