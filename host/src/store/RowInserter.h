#pragma once
// Buffers import rows and writes them kBatch at a time with one prepared multi-row INSERT
// (re-executed with new values), so storing 1M rows costs 4k statement executions, not 1M
// statement preparations. On PostgreSQL the rows go through BatchInsert's COPY instead,
// kCopyBatch rows per COPY.

#include "store/BatchInsert.h"
#include "store/ImportStore.h"
#include "store/SqliteNative.h"
#include "store/Tx.h"

#include <Poco/Types.h>

#include <array>
#include <memory>
#include <string>

namespace Poco::Data {
class Statement;
}

namespace finimport::store {

class RowInserter {
public:
    static constexpr std::size_t kBatch = 256;
    static constexpr std::size_t kCopyBatch = BatchInsert::kMinCopyRows;

    explicit RowInserter(Tx& s);
    ~RowInserter();
    // The import_rows columns written, in binding order (one list for both paths).
    static const std::vector<std::string>& columns();
    // Assigns the row's id when empty and takes its fields/errors text; writes a batch when
    // the buffer is full.
    void add(ImportRowRecord& row);
    // Writes what is buffered (the tail uses a statement of its own size).
    void flush();
    int64_t written() const { return _copy ? static_cast<int64_t>(_copy->written()) : _written; }

private:
    struct Slot {
        std::string id, importId, kind, fields, errors, sortKey;
        Poco::Int64 rowNumber = 0, valid = 1;
    };
    std::string insertSql(std::size_t rows) const;
    std::unique_ptr<Poco::Data::Statement> prepare(std::size_t rows);
    // Writes the first `rows` slots (SQLite through its C API, else through Poco).
    void write(std::size_t rows);
    // UUIDv7 ids: the millisecond clock, then random bits that count up, so one import's rows
    // land at the end of the primary-key B-tree instead of at random pages.
    std::string nextId();

    Tx& _s;
    std::array<Slot, kBatch> _slots;
    std::size_t _used = 0;
    std::unique_ptr<Poco::Data::Statement> _full; // prepared once, for kBatch rows
    // SQLite: the same statement bound value by value with sqlite3_bind_* (Poco's binding
    // objects cost more than the insert itself).
    std::unique_ptr<SqliteStatement> _native;
    int64_t _written = 0;
    std::unique_ptr<BatchInsert> _copy; // PostgreSQL
    uint64_t _idHigh = 0, _idLow = 0;
};

} // namespace finimport::store
