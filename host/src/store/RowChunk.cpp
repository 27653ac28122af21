#include "store/RowChunk.h"

#include "domain/SizedText.h"
#include "domain/Uuid.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace finimport::store {

namespace {

constexpr int kValid = 1, kExcluded = 2, kOwnId = 4, kNoCandidate = 8;

constexpr const char* kCorrupt = "a stored chunk of import rows is corrupt";

} // namespace

void appendChunkRow(std::string& chunk, const ChunkRow& row) {
    domain::appendDecimal(chunk, row.number);
    chunk += ',';
    domain::appendDecimal(chunk, (row.valid ? kValid : 0) | (row.excluded ? kExcluded : 0) |
                                     (row.ownId.empty() ? 0 : kOwnId) |
                                     (row.noCandidate ? kNoCandidate : 0));
    chunk += ',';
    domain::appendSized(chunk, row.kind);
    domain::appendSized(chunk, row.sortKey);
    domain::appendSized(chunk, row.fields);
    domain::appendSized(chunk, row.errors);
    if (!row.ownId.empty()) domain::appendSized(chunk, row.ownId);
}

void appendChunkRow(std::string& chunk, const ImportRowRecord& row, bool ownId) {
    ChunkRow r;
    r.number = row.rowNumber;
    r.valid = row.valid;
    r.excluded = row.excluded;
    r.noCandidate = row.noCandidate;
    r.kind = row.kind;
    r.sortKey = row.sortKey ? std::string_view(*row.sortKey) : std::string_view();
    r.fields = row.fields;
    r.errors = row.errors;
    r.ownId = ownId ? std::string_view(row.id) : std::string_view();
    appendChunkRow(chunk, r);
}

void forEachChunkRow(std::string_view chunk, const std::function<void(const ChunkRow&)>& fn) {
    domain::SizedReader r(chunk, kCorrupt);
    ChunkRow row;
    for (uint64_t position = 0; !r.atEnd(); ++position) {
        row.number = r.number(',');
        const int64_t flags = r.number(',');
        row.valid = (flags & kValid) != 0;
        row.excluded = (flags & kExcluded) != 0;
        row.noCandidate = (flags & kNoCandidate) != 0;
        row.kind = r.sized();
        row.sortKey = r.sized();
        row.fields = r.sized();
        row.errors = r.sized();
        row.ownId = (flags & kOwnId) ? r.sized() : std::string_view();
        row.position = position;
        fn(row);
    }
}

void forEachStoredChunk(Tx& s, const std::string& importId, const std::string& condition,
                        const std::vector<SqlValue>& params, int64_t limit,
                        const std::function<bool(const StoredChunk&)>& fn) {
    // Keyset pages of chunks: PostgreSQL hands a query's result over whole, so one query for
    // every chunk of a large import would hold them all at once.
    constexpr int64_t kChunksPerQuery = 64;
    const std::string sql = "SELECT first_index, first_id, data FROM import_row_chunks WHERE "
                            "import_id = ? " +
                            condition + " AND first_index > ? ORDER BY first_index LIMIT ?";
    int64_t after = -1;
    int64_t left = limit > 0 ? limit : std::numeric_limits<int64_t>::max();
    bool more = true;
    while (more && left > 0) {
        const int64_t page = std::min(kChunksPerQuery, left);
        std::vector<SqlValue> all;
        all.reserve(params.size() + 3);
        all.emplace_back(std::in_place_type<std::string>, importId);
        for (const auto& p : params)
            all.push_back(p);
        all.emplace_back(std::in_place_type<int64_t>, after);
        all.emplace_back(std::in_place_type<int64_t>, page);
        int64_t read = 0;
        nativeQuery(s, sql, all, [&](const NativeRow& r) {
            ++read;
            after = r.i64(0);
            if (more) more = fn(StoredChunk{r.i64(0), r.text(1), r.text(2)});
        });
        left -= read;
        if (read < page) break;
    }
}

std::string chunkRowId(std::string_view firstId, const ChunkRow& row) {
    if (!row.ownId.empty()) return std::string(row.ownId);
    auto id = domain::uuidAfter(firstId, row.position);
    if (!id) throw std::runtime_error(kCorrupt);
    return *id;
}

ImportRowRecord chunkRowRecord(const std::string& importId, std::string_view firstId,
                               const ChunkRow& row) {
    ImportRowRecord out;
    out.id = chunkRowId(firstId, row);
    out.importId = importId;
    out.rowNumber = row.number;
    out.kind = std::string(row.kind);
    out.fields = std::string(row.fields);
    out.errors = std::string(row.errors);
    out.sortKey = std::string(row.sortKey);
    out.valid = row.valid;
    out.excluded = row.excluded;
    return out;
}

} // namespace finimport::store
