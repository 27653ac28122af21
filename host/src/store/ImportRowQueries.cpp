#include "store/ImportRowQueries.h"

#include "store/RowChunk.h"
#include "store/Sql.h"

namespace finimport::store {

std::vector<std::string> rowFieldsContaining(Tx& s, const std::string& importId, int64_t exceptRow,
                                             bool includeInvalid, const std::string& text,
                                             int64_t limit) {
    std::vector<std::string> out;
    if (limit <= 0) return out;
    forEachStoredChunk(s, importId, "", {}, 0, [&](const StoredChunk& c) {
        forEachChunkRow(c.data, [&](const ChunkRow& row) {
            if (static_cast<int64_t>(out.size()) >= limit || row.number == exceptRow ||
                row.excluded || (!row.valid && !includeInvalid))
                return;
            if (row.fields.find(text) != std::string_view::npos) out.emplace_back(row.fields);
        });
        return static_cast<int64_t>(out.size()) < limit;
    });
    return out;
}

std::vector<int64_t> firstInvalidRowNumbers(Tx& s, const std::string& importId, int64_t limit) {
    std::vector<int64_t> out;
    if (limit <= 0) return out;
    forEachStoredChunk(s, importId, "AND invalid_count > 0", {}, limit, [&](const StoredChunk& c) {
        forEachChunkRow(c.data, [&](const ChunkRow& row) {
            if (static_cast<int64_t>(out.size()) < limit && !row.valid && !row.excluded)
                out.push_back(row.number);
        });
        return static_cast<int64_t>(out.size()) < limit;
    });
    return out;
}

int64_t invalidRowCount(Tx& s, const std::string& importId) {
    return sqlCount(s,
                    "SELECT CAST(COALESCE(SUM(invalid_count), 0) AS BIGINT) FROM import_row_chunks "
                    "WHERE import_id = ?",
                    {importId});
}

} // namespace finimport::store
