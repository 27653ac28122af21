#pragma once
// The text of one `import_row_chunks` row (schema v9, docs/decisions.md D68): up to
// RowInserter::kChunkRows rows of an import, one after the other. An import's rows are written
// and read a chunk at a time, not a database row each: a 10 MB upload costs about a thousand
// inserts instead of 250,000.
// ASCII framing around the rows' own text, so the column is plain text on both databases:
//
//   row   := <row number> ',' <flags> ',' sized(kind) sized(sort key) sized(fields)
//            sized(errors) [sized(id)]
//   sized := <bytes, decimal> ':' <bytes>
//   flags := 1 valid | 2 excluded | 4 the row's id follows (else it is derived: below)
//            | 8 the upload found no duplicate candidate (ImportRowRecord::noCandidate)
//
// A row's id is derived from the chunk's `first_id` and the row's position in the chunk
// (domain::uuidAfter): ids of one upload count up from its first. Rows stored before schema
// v9 keep their own id.

#include "store/ImportStore.h"
#include "store/SqlRow.h"
#include "store/Tx.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::store {

// One row as stored: views into the chunk's text.
struct ChunkRow {
    int64_t number = 0;
    bool valid = true, excluded = false, noCandidate = false;
    std::string_view kind, sortKey, fields, errors;
    std::string_view ownId; // empty: derived
    uint64_t position = 0;  // within the chunk, from 0
};

// A stored chunk as read: views valid during the callback that receives it.
struct StoredChunk {
    int64_t firstIndex = 0;
    std::string_view firstId, data;
};

// The import's chunks in row order (`condition`: more SQL after `WHERE import_id = ?`, with
// `params` for its placeholders; at most `limit` chunks when it is positive), one callback
// each; `fn` returns false to stop.
void forEachStoredChunk(Tx& s, const std::string& importId, const std::string& condition,
                        const std::vector<SqlValue>& params, int64_t limit,
                        const std::function<bool(const StoredChunk&)>& fn);

// Appends `row` to a chunk's text (its id only when `ownId`; an empty id cannot be its own).
void appendChunkRow(std::string& chunk, const ImportRowRecord& row, bool ownId);
// Appends a row as read (a chunk written again keeps its other rows as they were).
void appendChunkRow(std::string& chunk, const ChunkRow& row);
// Calls `fn` for each row of `chunk`, in order. Throws std::runtime_error on corrupt text.
void forEachChunkRow(std::string_view chunk, const std::function<void(const ChunkRow&)>& fn);
// The row's id: its own, or the one its position places after the chunk's first id.
std::string chunkRowId(std::string_view firstId, const ChunkRow& row);
// The full record of a stored row.
ImportRowRecord chunkRowRecord(const std::string& importId, std::string_view firstId,
                               const ChunkRow& row);

} // namespace finimport::store
