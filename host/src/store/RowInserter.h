#pragma once
// Writes an import's rows as chunks (store/RowChunk.h): up to kChunkRows rows, or kChunkBytes
// of text, per `import_row_chunks` row. SQLite: one prepared single-row INSERT per chunk.
// PostgreSQL: kCopyChunks chunks per COPY. Memory holds one chunk (and, on PostgreSQL, the
// chunks of one COPY).

#include "domain/NoCopy.h"
#include "store/ImportStore.h"
#include "store/SqliteNative.h"
#include "store/Tx.h"

#include <memory>
#include <string>
#include <vector>

namespace finimport::store {

class RowInserter : domain::NoCopy {
public:
    static constexpr std::size_t kChunkRows = 256;
    static constexpr std::size_t kChunkBytes = 64 * 1024;
    static constexpr std::size_t kCopyChunks = 16;

    explicit RowInserter(Tx& s);
    ~RowInserter();

    // The import_row_chunks columns written, in binding order (one list for both paths).
    static const std::vector<std::string>& columns();
    // Adds a row of a new import (its rows are numbered from position 0 on: an import's rows
    // are written by one inserter, in order). A row with an id keeps it; a row without one gets
    // the next of the import's counting ids (RowChunk.h).
    void add(const ImportRowRecord& row);
    // Writes what is buffered.
    void flush();
    int64_t written() const { return _written; }

private:
    void closeChunk();
    void writeCopy();

    Tx& _s;
    std::string _importId;
    std::string _baseId;    // the id of the import's first row
    int64_t _nextIndex = 0; // the next row's position among the import's rows
    // The open chunk.
    std::string _text;
    int64_t _firstIndex = 0, _rows = 0, _firstRow = 0, _lastRow = 0, _invalid = 0;
    std::unique_ptr<SqliteStatement> _insert; // SQLite
    bool _postgres = false;
    std::string _copyText; // PostgreSQL: closed chunks in COPY text form
    std::size_t _copyChunks = 0;
    int64_t _copyRows = 0;
    int64_t _written = 0;
};

} // namespace finimport::store
