#include "store/RowInserter.h"

#include "domain/Uuid.h"
#include "store/Columns.h"
#include "store/CopyText.h"
#include "store/PgNative.h"
#include "store/RowChunk.h"
#include "store/TxSession.h"

#include <algorithm>

namespace finimport::store {

const std::vector<std::string>& RowInserter::columns() {
    static const std::vector<std::string> names = {"import_id", "first_index", "row_count",
                                                   "first_row", "last_row",    "invalid_count",
                                                   "first_id",  "data"};
    return names;
}

RowInserter::RowInserter(Tx& s) : _s(s), _postgres(isPostgresSession(s)) {}

RowInserter::~RowInserter() = default;

void RowInserter::add(const ImportRowRecord& row) {
    if (row.importId != _importId) {
        closeChunk();
        _importId = row.importId;
        _baseId = domain::newUuidV7();
        _nextIndex = 0;
    }
    if (_rows == 0) {
        _firstIndex = _nextIndex;
        _firstRow = _lastRow = row.rowNumber;
    }
    appendChunkRow(_text, row, !row.id.empty());
    ++_rows;
    ++_nextIndex;
    _firstRow = std::min(_firstRow, row.rowNumber);
    _lastRow = std::max(_lastRow, row.rowNumber);
    if (!row.valid && !row.excluded) ++_invalid;
    if (_rows == static_cast<int64_t>(kChunkRows) || _text.size() >= kChunkBytes) closeChunk();
}

void RowInserter::closeChunk() {
    if (_rows == 0) return;
    const std::string firstId = *domain::uuidAfter(_baseId, static_cast<uint64_t>(_firstIndex));
    if (_postgres) {
        const SqlValue values[] = {_importId, _firstIndex, _rows,   _firstRow,
                                   _lastRow,  _invalid,    firstId, std::move(_text)};
        appendCopyRow(_copyText, values, std::size(values));
        _copyRows += _rows;
        if (++_copyChunks == kCopyChunks) writeCopy();
    } else {
        if (!_insert) {
            // The statement of columns(), the list the COPY above writes too.
            _insert = std::make_unique<SqliteStatement>(sqliteHandle(_s),
                                                        insertSql("import_row_chunks", columns()));
        }
        _insert->bindText(1, _importId);
        _insert->bindInt(2, _firstIndex);
        _insert->bindInt(3, _rows);
        _insert->bindInt(4, _firstRow);
        _insert->bindInt(5, _lastRow);
        _insert->bindInt(6, _invalid);
        _insert->bindText(7, firstId);
        _insert->bindText(8, _text);
        _insert->run();
        _written += _rows;
    }
    _text.clear();
    _rows = _invalid = 0;
}

void RowInserter::writeCopy() {
    if (_copyChunks == 0) return;
    pgCopyIn(pgHandle(_s), "import_row_chunks", columns(), _copyText);
    _copyText.clear();
    _copyChunks = 0;
    _written += _copyRows;
    _copyRows = 0;
}

void RowInserter::flush() {
    closeChunk();
    if (_postgres) writeCopy();
}

} // namespace finimport::store
