// ImportStore's rows: chunks of store/RowChunk.h in `import_row_chunks` (schema v9).
#include "store/ImportStore.h"
#include "store/RowChunk.h"
#include "store/RowInserter.h"
#include "store/Sql.h"
#include "store/StatementCache.h"
#include "store/StoreCounters.h"

#include <algorithm>
#include <limits>

namespace finimport::store {

namespace {

// The rows of the page [offset, offset + limit) of the import's rows (or of its invalid ones),
// in row order: only the chunks from the one holding the first are read, at most one per row
// of the page and one more.
std::vector<ImportRowRecord> pageInRowOrder(Tx& s, const std::string& importId,
                                            const RowPageQuery& q) {
    std::vector<ImportRowRecord> out;
    int64_t skip = q.offset;
    std::string condition;
    int64_t from = 0, to = std::numeric_limits<int64_t>::max();
    if (q.onlyInvalid) {
        // Count past the chunks before the page by their stored counts.
        condition = "AND invalid_count > 0 AND first_index >= ? AND first_index < ?";
        for (const auto& r : sqlQuery(s,
                                      "SELECT first_index, invalid_count FROM import_row_chunks "
                                      "WHERE import_id = ? AND invalid_count > 0 "
                                      "ORDER BY first_index",
                                      {importId})) {
            from = r.i64(0);
            if (skip < r.i64(1)) break;
            skip -= r.i64(1);
            from = std::numeric_limits<int64_t>::max();
        }
    } else {
        // Every chunk holds at most kChunkRows rows, so the page starts in one of those.
        condition = "AND first_index > ? AND first_index < ?";
        from = q.offset - static_cast<int64_t>(RowInserter::kChunkRows);
        to = q.offset > std::numeric_limits<int64_t>::max() - q.limit ? to : q.offset + q.limit;
    }
    const int64_t chunks = q.limit / static_cast<int64_t>(RowInserter::kChunkRows) + 2;
    forEachStoredChunk(s, importId, condition, {from, to}, q.onlyInvalid ? q.limit + 1 : chunks,
                       [&](const StoredChunk& c) {
                           int64_t at = c.firstIndex;
                           forEachChunkRow(c.data, [&](const ChunkRow& row) {
                               const int64_t index = at++;
                               if (static_cast<int64_t>(out.size()) >= q.limit) return;
                               if (q.onlyInvalid) {
                                   if (row.valid || row.excluded) return;
                                   if (skip > 0) {
                                       --skip;
                                       return;
                                   }
                               } else if (index < q.offset) {
                                   return;
                               }
                               out.push_back(chunkRowRecord(importId, c.firstId, row));
                           });
                           return static_cast<int64_t>(out.size()) < q.limit;
                       });
    return out;
}

// QIF lists newest first (sort key, then id, descending): every row's key is read and sorted,
// then the page's rows are read again from their chunks.
std::vector<ImportRowRecord> pageNewestFirst(Tx& s, const std::string& importId,
                                             const RowPageQuery& q) {
    struct Key {
        std::string sortKey, id;
        int64_t chunk = 0;
        uint64_t position = 0;
    };
    std::vector<Key> keys;
    forEachStoredChunk(s, importId, "", {}, 0, [&](const StoredChunk& c) {
        forEachChunkRow(c.data, [&](const ChunkRow& row) {
            if (q.onlyInvalid && (row.valid || row.excluded)) return;
            keys.push_back(
                {std::string(row.sortKey), chunkRowId(c.firstId, row), c.firstIndex, row.position});
        });
        return true;
    });
    std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
        return a.sortKey != b.sortKey ? a.sortKey > b.sortKey : a.id > b.id;
    });
    std::vector<ImportRowRecord> out;
    for (std::size_t i = static_cast<std::size_t>(q.offset);
         i < keys.size() && out.size() < static_cast<std::size_t>(q.limit); ++i) {
        const Key& k = keys[i];
        forEachStoredChunk(s, importId, "AND first_index = ?", {k.chunk}, 1,
                           [&](const StoredChunk& c) {
                               forEachChunkRow(c.data, [&](const ChunkRow& row) {
                                   if (row.position == k.position)
                                       out.push_back(chunkRowRecord(importId, c.firstId, row));
                               });
                               return false;
                           });
    }
    return out;
}

} // namespace

void ImportStore::insertRows(const std::vector<ImportRowRecord>& rows) {
    RowInserter inserter(_s);
    for (const auto& r : rows)
        inserter.add(r);
    inserter.flush();
}

void ImportStore::deleteRows(const std::string& importId) {
    sqlExec(_s, "DELETE FROM import_row_chunks WHERE import_id = ?", {importId});
}

void ImportStore::forEachRowView(const std::string& importId,
                                 const std::function<void(const ImportRowView&)>& fn) {
    forEachStoredChunk(_s, importId, "", {}, 0, [&](const StoredChunk& c) {
        forEachChunkRow(c.data, [&](const ChunkRow& row) {
            fn(ImportRowView{row.number, row.kind, row.fields, row.errors, row.excluded,
                             row.noCandidate});
        });
        return true;
    });
}

void ImportStore::forEachRowPage(const std::string& importId, int64_t chunksPerRead,
                                 const std::function<void(const std::vector<ImportRowView>&)>& fn) {
    const int64_t limit = std::max<int64_t>(chunksPerRead, 1);
    int64_t after = -1;
    std::vector<std::string> chunks;
    std::vector<ImportRowView> views;
    for (;;) {
        chunks.clear();
        const std::vector<SqlValue> params{SqlValue(std::in_place_type<std::string>, importId),
                                           SqlValue(std::in_place_type<int64_t>, after),
                                           SqlValue(std::in_place_type<int64_t>, limit)};
        nativeQuery(_s,
                    "SELECT first_index, data FROM import_row_chunks WHERE import_id = ? AND "
                    "first_index > ? ORDER BY first_index LIMIT ?",
                    params, [&](const NativeRow& r) {
                        after = r.i64(0);
                        chunks.emplace_back(r.text(1));
                    });
        counters::rowPage();
        views.clear();
        for (const auto& chunk : chunks)
            forEachChunkRow(chunk, [&](const ChunkRow& row) {
                views.push_back(
                    {row.number, row.kind, row.fields, row.errors, row.excluded, row.noCandidate});
            });
        if (!views.empty()) fn(views);
        if (static_cast<int64_t>(chunks.size()) < limit) break;
    }
}

void ImportStore::forEachRowBatch(const std::string& importId, int64_t batchSize,
                                  const std::function<void(std::vector<ImportRowRecord>&)>& fn) {
    std::vector<ImportRowRecord> batch;
    forEachStoredChunk(_s, importId, "", {}, 0, [&](const StoredChunk& c) {
        forEachChunkRow(c.data, [&](const ChunkRow& row) {
            batch.push_back(chunkRowRecord(importId, c.firstId, row));
            if (static_cast<int64_t>(batch.size()) < batchSize) return;
            fn(batch);
            batch.clear();
        });
        return true;
    });
    if (!batch.empty()) fn(batch);
}

std::vector<ImportRowRecord> ImportStore::rowsPage(const std::string& importId,
                                                   const RowPageQuery& q) {
    if (q.limit <= 0 || q.offset < 0) return {};
    return q.newestFirst ? pageNewestFirst(_s, importId, q) : pageInRowOrder(_s, importId, q);
}

namespace {

// Offers `fn` the chunks that may hold row `rowNumber`, in row order, until it answers true
// (it found the row there). The candidates come from the covering index of the chunks' number
// ranges; each is read and parsed once.
void withChunkHolding(Tx& s, const std::string& importId, int64_t rowNumber,
                      const std::function<bool(const StoredChunk&)>& fn) {
    std::vector<int64_t> candidates;
    for (const auto& r : sqlQuery(s,
                                  "SELECT first_index FROM import_row_chunks WHERE import_id = ? "
                                  "AND first_row <= ? AND last_row >= ?",
                                  {importId, rowNumber, rowNumber}))
        candidates.push_back(r.i64(0));
    std::sort(candidates.begin(), candidates.end());
    bool found = false;
    for (int64_t first : candidates) {
        forEachStoredChunk(s, importId, "AND first_index = ?", {first}, 1,
                           [&](const StoredChunk& c) {
                               found = fn(c);
                               return false;
                           });
        if (found) return;
    }
}

} // namespace

std::optional<ImportRowRecord> ImportStore::rowByNumber(const std::string& importId,
                                                        int64_t rowNumber) {
    std::optional<ImportRowRecord> found;
    withChunkHolding(_s, importId, rowNumber, [&](const StoredChunk& c) {
        forEachChunkRow(c.data, [&](const ChunkRow& row) {
            if (!found && row.number == rowNumber) found = chunkRowRecord(importId, c.firstId, row);
        });
        return found.has_value();
    });
    return found;
}

void ImportStore::updateRow(const ImportRowRecord& update) {
    // The chunk is written again with the one row changed; the others keep their text and
    // position (so their derived ids).
    std::optional<int64_t> chunk;
    std::string text;
    int64_t invalid = 0;
    withChunkHolding(_s, update.importId, update.rowNumber, [&](const StoredChunk& c) {
        text.clear();
        invalid = 0;
        bool done = false;
        forEachChunkRow(c.data, [&](const ChunkRow& row) {
            ChunkRow r = row;
            if (!done && row.number == update.rowNumber) {
                done = true;
                r.valid = update.valid;
                r.excluded = update.excluded;
                r.noCandidate = false; // what the upload proved was about the fields before
                r.fields = update.fields;
                r.errors = update.errors;
            }
            appendChunkRow(text, r);
            if (!r.valid && !r.excluded) ++invalid;
        });
        if (done) chunk = c.firstIndex;
        return done;
    });
    if (!chunk) return;
    sqlExec(_s,
            "UPDATE import_row_chunks SET data = ?, invalid_count = ? "
            "WHERE import_id = ? AND first_index = ?",
            {text, invalid, update.importId, *chunk});
}

} // namespace finimport::store
