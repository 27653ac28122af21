#include "store/BatchInsert.h"

#include "store/Columns.h"
#include "store/CopyText.h"
#include "store/PgNative.h"
#include "store/Sql.h"
#include "store/TxSession.h"

#include <algorithm>
#include <stdexcept>

namespace finimport::store {

BatchInsert::BatchInsert(Tx& s, std::string table, std::vector<std::string> columns,
                         size_t rowsPerStatement, bool autoFlush)
    : _s(s), _table(std::move(table)), _columns(std::move(columns)), _autoFlush(autoFlush) {
    if (_columns.empty()) throw std::invalid_argument("BatchInsert needs at least one column");
    if (isSqliteSession(s)) _sqlite = sqliteHandle(s);
    if (isPostgresSession(s)) _pg = pgHandle(s);
    _rowsPerStatement =
        _pg ? std::max(rowsPerStatement, kMinCopyRows)
            : std::clamp<size_t>(rowsPerStatement, 1,
                                 std::max<size_t>(1, kMaxParameters / _columns.size()));
}

BatchInsert::~BatchInsert() = default;

bool BatchInsert::streamOnPostgres() {
    if (!_pg) return false;
    if (!_stream) _stream = std::make_unique<PgCopyStream>(_pg, _table, _columns);
    return true;
}

std::string BatchInsert::sqlFor(size_t rows) const {
    const std::string tuple = "(" + sqlMarks(_columns.size()) + ")";
    std::string sql = "INSERT INTO " + _table + " (";
    for (size_t c = 0; c < _columns.size(); ++c)
        sql += (c == 0 ? "" : ", ") + _columns[c];
    sql += ") VALUES ";
    sql.reserve(sql.size() + rows * (tuple.size() + 2));
    for (size_t r = 0; r < rows; ++r) {
        if (r > 0) sql += ", ";
        sql += tuple;
    }
    return sql;
}

void BatchInsert::add(std::vector<SqlValue> row) {
    if (row.size() != _columns.size())
        throw std::invalid_argument("BatchInsert into " + _table + ": " +
                                    std::to_string(row.size()) + " values for " +
                                    std::to_string(_columns.size()) + " columns");
    if (_pg) {
        appendCopyRow(_copyText, row.data(), row.size());
        if (_stream && _copyText.size() >= kStreamPiece) {
            _stream->send(_copyText);
            _copyText.clear();
        }
    } else
        for (auto& v : row)
            _pending.push_back(std::move(v));
    if (++_pendingRows == _rowsPerStatement && _autoFlush) flush();
}

void BatchInsert::flush() {
    if (_pg) {
        if (_stream) {
            if (!_copyText.empty()) _stream->send(_copyText);
            if (_pendingRows > 0) _stream->finish();
        } else if (_pendingRows > 0) {
            pgCopyIn(_pg, _table, _columns, _copyText);
        }
        _written += _pendingRows;
        _copyText.clear();
        _pendingRows = 0;
        return;
    }
    writeFront(_pendingRows);
}

void BatchInsert::flushFullChunks() {
    if (_pg) {
        flush();
        return;
    }
    writeFront(_pendingRows - _pendingRows % _rowsPerStatement);
}

void BatchInsert::writeFront(size_t count) {
    const size_t width = _columns.size();
    size_t done = 0;
    while (done < count) {
        size_t rows = std::min(_rowsPerStatement, count - done);
        write(_pending.data() + done * width, rows);
        done += rows;
    }
    _pending.erase(_pending.begin(), _pending.begin() + static_cast<std::ptrdiff_t>(count * width));
    _written += count;
    _pendingRows -= count;
}

void BatchInsert::write(const SqlValue* values, size_t rows) {
    const size_t count = rows * _columns.size();
    const bool full = rows == _rowsPerStatement;
    if (full && _fullChunkSql.empty()) _fullChunkSql = sqlFor(_rowsPerStatement);
    if (!_sqlite) {
        sqlExec(_s, full ? _fullChunkSql : sqlFor(rows),
                std::vector<SqlValue>(values, values + count));
        return;
    }
    std::unique_ptr<SqliteStatement> partial;
    if (!full) partial = std::make_unique<SqliteStatement>(_sqlite, sqlFor(rows));
    if (full && !_fullChunk) _fullChunk = std::make_unique<SqliteStatement>(_sqlite, _fullChunkSql);
    SqliteStatement& st = full ? *_fullChunk : *partial;
    for (size_t i = 0; i < count; ++i)
        st.bind(static_cast<int>(i) + 1, values[i]);
    st.run();
}

} // namespace finimport::store
