#pragma once
// Batched INSERTs. SQLite: rows are buffered and written as `INSERT … VALUES (…), (…), …` of up
// to `rowsPerStatement` rows, one prepared statement per chunk. PostgreSQL: the rows are encoded
// in COPY text format as they are added and each flush is one `COPY … FROM STDIN` (
// a statement per chunk reached 8k rows/s at publish; COPY streams the rows in one command).

#include "domain/NoCopy.h"
#include "store/SqlRow.h"
#include "store/SqliteNative.h"
#include "store/Tx.h"

struct pg_conn;

#include <string>
#include <vector>

namespace finimport::store {

class PgCopyStream;

class BatchInsert : domain::NoCopy {
public:
    // `columns` as written in the INSERT; `rowsPerStatement` is capped so that a statement
    // never binds more than kMaxParameters values (SQLite's limit is higher; libpq 15 drops the
    // connection, "lost synchronization with server", when the server's description of a
    // statement's parameters exceeds 30,000 bytes: about 7,498 parameters).
    // On PostgreSQL it is the number of rows per COPY (no parameters, so no cap).
    // With `autoFlush` false, add() only buffers and the owner decides when to flush (several
    // tables whose foreign keys need a write order).
    BatchInsert(Tx& s, std::string table, std::vector<std::string> columns,
                size_t rowsPerStatement = 500, bool autoFlush = true);
    ~BatchInsert();

    static constexpr size_t kMaxParameters = 7000;
    // PostgreSQL: at least this many rows per COPY (a COPY costs a round trip and a statement
    // start; rows are cheap).
    static constexpr size_t kMinCopyRows = 5000;

    // One row: exactly one value per column (throws std::invalid_argument otherwise).
    void add(std::vector<SqlValue> row);
    // Writes every buffered row, a statement per full chunk; the buffer is empty afterwards.
    // Also called by add() when a chunk is full (autoFlush). Nothing is written by the destructor:
    // an exception path writes nothing.
    void flush();
    // Writes the full chunks only and keeps the rest buffered (PostgreSQL: everything, as
    // flush()), so that a caller flushing at its own rhythm never prepares a statement for a
    // partial chunk until the end (a statement per partial chunk cost 5 % of a publish).
    void flushFullChunks();
    // PostgreSQL: from now on the rows go to one COPY as they are added, in pieces of
    // kStreamPiece bytes, and flush() ends it: the server inserts while the caller prepares the
    // next rows. Until flush() no other statement may run on the session (PgCopyStream).
    // Returns false (and changes nothing) on SQLite.
    bool streamOnPostgres();
    static constexpr size_t kStreamPiece = 256 * 1024;
    size_t written() const { return _written; }
    size_t pending() const { return _pendingRows; }
    // Rows per statement (SQLite) or per COPY (PostgreSQL) after the caps.
    size_t rowsPerFlush() const { return _rowsPerStatement; }

private:
    std::string sqlFor(size_t rows) const;
    void write(const SqlValue* values, size_t rows);
    // SQLite: writes the first `rows` buffered rows and drops them from the buffer.
    void writeFront(size_t rows);

    Tx& _s;
    std::string _table;
    std::vector<std::string> _columns;
    size_t _rowsPerStatement;
    bool _autoFlush;
    std::vector<SqlValue> _pending; // row-major
    size_t _pendingRows = 0, _written = 0;
    std::string _fullChunkSql;  // cached text of a full chunk
    sqlite3* _sqlite = nullptr; // SQLite: full chunks reuse one prepared statement
    std::unique_ptr<SqliteStatement> _fullChunk;
    pg_conn* _pg = nullptr; // PostgreSQL: pending rows as COPY text
    std::string _copyText;
    std::unique_ptr<PgCopyStream> _stream; // streamOnPostgres()
};

} // namespace finimport::store
