#pragma once
// Imports, their rows, mappings and the records each publish created or matched.

#include "store/Tx.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::store {

struct ImportRecord {
    std::string id, familyId, type, status = "pending";
    std::optional<std::string> error, accountId;
    std::string configuration = "{}"; // JSON object text
    std::optional<std::string> content, contentKind, filename, contentType, encoding;
    int64_t rowsCount = 0;
    std::optional<std::string> expectedRecordCounts, readback, summary, extracted; // JSON text
    int64_t createdAt = 0, updatedAt = 0;
    std::optional<std::string> warnings; // docs/decisions.md D57: JSON array of strings (schema v6)
};

struct ImportRowRecord {
    std::string id, importId;
    int64_t rowNumber = 0;
    std::string kind;
    std::string fields = "{}"; // app/rows/RowCodec.h (JSON in rows stored before schema v9)
    std::string errors = "[]"; // JSON array text (plugin parse errors)
    std::optional<std::string> sortKey;
    bool valid = true;     // no error evaluated at upload (parse, date window, currency)
    bool excluded = false; // docs/decisions.md D44: left out by a row edit, never published
    // docs/decisions.md D210: the upload found no duplicate candidate for the row in the
    // import's account. Written by the upload only: a row read back and written again (an
    // edit) loses it.
    bool noCandidate = false;
};

// A stored row as a publish reads it: the columns it needs, as views into the database's own
// buffers, valid only during the callback that receives them (a caller keeping a row copies
// what it keeps).
struct ImportRowView {
    int64_t rowNumber = 0;
    std::string_view kind, fields, errors;
    bool excluded = false;
    bool noCandidate = false; // ImportRowRecord::noCandidate
};

// One page of an import's rows, ordered in SQL.
struct RowPageQuery {
    bool onlyInvalid = false;
    bool newestFirst = false; // QIF: sort_key desc, id desc; else row_number
    int64_t limit = 25, offset = 0;
};

struct MappingRecord {
    std::string id, importId, kind, key;
    std::optional<std::string> value;
    bool createWhenEmpty = false;
    std::optional<std::string> mappableId;
};

struct ImportListFilter {
    std::string familyId;
    std::optional<std::string> status, type, accountId;
};

class ImportStore {
public:
    explicit ImportStore(Tx& s) : _s(s) {}

    void insert(ImportRecord& import);
    void setContent(const std::string& id, const std::string& content);
    std::optional<ImportRecord> byId(const std::string& familyId, const std::string& id,
                                     bool withContent = false);
    std::optional<ImportRecord> byIdAnyFamily(const std::string& id, bool withContent = false);
    void update(const ImportRecord& import); // every mutable column, updated_at = now
    void setStatus(const std::string& id, const std::string& status,
                   const std::optional<std::string>& error);
    int64_t count(const ImportListFilter& filter);
    std::vector<ImportRecord> list(const ImportListFilter& filter, int64_t limit, int64_t offset);

    // Stores a new import's rows in chunks (store/RowInserter.h); a row with an id keeps it, the
    // others get ids counting up from the import's first (store/RowChunk.h).
    void insertRows(const std::vector<ImportRowRecord>& rows);
    void deleteRows(const std::string& importId);
    // Every row in row order, one callback each, without materialising the rows.
    void forEachRowView(const std::string& importId,
                        const std::function<void(const ImportRowView&)>& fn);
    // Every row in row order, `chunksPerRead` stored chunks (RowInserter::kChunkRows rows each)
    // a statement; `fn` gets each read's rows after its statement is done, so it may run
    // statements of its own (the publish writes between reads). Memory stays one read.
    void forEachRowPage(const std::string& importId, int64_t chunksPerRead,
                        const std::function<void(const std::vector<ImportRowView>&)>& fn);
    // Rows in row order, `batchSize` at a time (keyset paging): memory stays one batch.
    void forEachRowBatch(const std::string& importId, int64_t batchSize,
                         const std::function<void(std::vector<ImportRowRecord>&)>& fn);
    // One page in the order of `query`; only the page is read.
    std::vector<ImportRowRecord> rowsPage(const std::string& importId, const RowPageQuery& query);
    // One row by its number (docs/decisions.md D44 row edits).
    std::optional<ImportRowRecord> rowByNumber(const std::string& importId, int64_t rowNumber);
    // Writes a row's fields, errors, validity and exclusion (by import and row number).
    void updateRow(const ImportRowRecord& row);

    std::vector<MappingRecord> mappings(const std::string& importId);
    void upsertMapping(MappingRecord& mapping);
    void deleteMapping(const std::string& id);

    void addRecord(const std::string& importId, const std::string& recordType,
                   const std::string& recordId, const std::string& relation);
    // (record_type, record_id) of the given relation, in insertion order.
    std::vector<std::pair<std::string, std::string>> records(const std::string& importId,
                                                             const std::string& relation);
    void clearRecords(const std::string& importId);

private:
    Tx& _s;
};

} // namespace finimport::store
