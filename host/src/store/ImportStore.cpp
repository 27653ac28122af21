#include "store/ImportStore.h"
#include "store/Columns.h"
#include "store/ImportListQuery.h"
#include "store/StoreCounters.h"

#include "store/Sql.h"
#include "store/SqliteNative.h"
#include "store/StatementCache.h"
#include "store/Time.h"

#include <Poco/Data/Statement.h>

namespace finimport::store {

namespace {

// The columns around the content (its own table): importFrom reads them with the content
// between, insert binds them without it.
const std::string kHead = "id, family_id, type, status, error, account_id, configuration";
const std::string kTail = "content_kind, filename, content_type, encoding, rows_count, "
                          "expected_record_counts, readback, summary, extracted, created_at, "
                          "updated_at, warnings";

std::string selectColumns(bool withContent) {
    return "SELECT " + kHead + ", " +
           (withContent ? "(SELECT c.content FROM import_contents c WHERE c.import_id = imports.id)"
                        : "NULL") +
           ", " + kTail + " FROM imports ";
}

ImportRecord importFrom(const SqlRow& r) {
    ImportRecord i;
    readColumns(r, i.id, i.familyId, i.type, i.status, i.error, i.accountId, i.configuration,
                i.content, i.contentKind, i.filename, i.contentType, i.encoding, i.rowsCount,
                i.expectedRecordCounts, i.readback, i.summary, i.extracted, i.createdAt,
                i.updatedAt, i.warnings);
    return i;
}

std::string listWhere(const ImportListFilter& f, std::vector<SqlValue>& params) {
    std::string w = "WHERE family_id = ?";
    params.push_back(f.familyId);
    andIf(w, params, "status = ?", f.status);
    andIf(w, params, "type = ?", f.type);
    andIf(w, params, "account_id = ?", f.accountId);
    return w;
}

} // namespace

void ImportStore::insert(ImportRecord& i) {
    // Lists answer newest first by (created_at, id), and created_at has millisecond precision:
    // ids in creation order break the ties of imports made within one millisecond.
    if (i.id.empty()) i.id = newOrderedUuid();
    i.createdAt = i.updatedAt = nowMicros() / 1000 * 1000; // millisecond precision (docs/api.md §1)
    sqlExec(_s, insertSql("imports", kHead + ", " + kTail),
            bindValues(i.id, i.familyId, i.type, i.status, i.error, i.accountId, i.configuration,
                       i.contentKind, i.filename, i.contentType, i.encoding, i.rowsCount,
                       i.expectedRecordCounts, i.readback, i.summary, i.extracted, i.createdAt,
                       i.updatedAt, i.warnings));
    if (i.content) setContent(i.id, *i.content);
}

void ImportStore::setContent(const std::string& id, const std::string& content) {
    // Its own table (schema v10): an UPDATE of the import's row never copies the content.
    const std::string sql = "INSERT INTO import_contents (import_id, content) VALUES (?, ?) "
                            "ON CONFLICT (import_id) DO UPDATE SET content = excluded.content";
    if (isSqliteSession(_s)) {
        // Bound in place (SQLITE_STATIC): Poco's binder hands SQLite a copy of the 10 MB.
        SqliteStatement st(sqliteHandle(_s), sql);
        st.bindText(1, id);
        st.bindText(2, content);
        st.run();
        return;
    }
    // Bound by reference: up to 25 MB is not copied into a parameter list on its way.
    using Poco::Data::Keywords::useRef;
    Poco::Data::Statement st(_s);
    st << (_s.connector() == "postgresql" ? numberPlaceholders(sql) : sql);
    st.addBind(useRef(id));
    st.addBind(useRef(content));
    counters::statement();
    st.execute();
}

std::optional<ImportRecord> ImportStore::byId(const std::string& familyId, const std::string& id,
                                              bool withContent) {
    return mapRow(sqlQueryOne(_s, selectColumns(withContent) + "WHERE family_id = ? AND id = ?",
                              {familyId, id}),
                  importFrom);
}

std::optional<ImportRecord> ImportStore::byIdAnyFamily(const std::string& id, bool withContent) {
    return mapRow(sqlQueryOne(_s, selectColumns(withContent) + "WHERE id = ?", {id}), importFrom);
}

void ImportStore::update(const ImportRecord& i) {
    sqlExec(_s,
            "UPDATE imports SET status = ?, error = ?, account_id = ?, configuration = ?, "
            "rows_count = ?, expected_record_counts = ?, readback = ?, summary = ?, extracted = ?, "
            "warnings = ?, updated_at = ? WHERE id = ?",
            {i.status, sqlOpt(i.error), sqlOpt(i.accountId), i.configuration, i.rowsCount,
             sqlOpt(i.expectedRecordCounts), sqlOpt(i.readback), sqlOpt(i.summary),
             sqlOpt(i.extracted), sqlOpt(i.warnings), nowMicros() / 1000 * 1000, i.id});
}

void ImportStore::setStatus(const std::string& id, const std::string& status,
                            const std::optional<std::string>& error) {
    sqlExec(_s, "UPDATE imports SET status = ?, error = ?, updated_at = ? WHERE id = ?",
            {status, sqlOpt(error), nowMicros() / 1000 * 1000, id});
}

int64_t ImportStore::count(const ImportListFilter& filter) {
    std::vector<SqlValue> params;
    std::string w = listWhere(filter, params);
    return sqlCount(_s, "SELECT COUNT(*) FROM imports " + w, params);
}

std::string importListQuery(const ImportListFilter& filter, std::vector<SqlValue>& params) {
    // imports_family_created (family_id, created_at, id) yields this order: no sort
    // (docs/decisions.md D216).
    return selectColumns(false) + listWhere(filter, params) +
           " ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?";
}

std::vector<ImportRecord> ImportStore::list(const ImportListFilter& filter, int64_t limit,
                                            int64_t offset) {
    std::vector<SqlValue> params;
    const std::string sql = importListQuery(filter, params);
    params.push_back(limit);
    params.push_back(offset);
    return mapRows(sqlQuery(_s, sql, params), importFrom);
}

std::vector<MappingRecord> ImportStore::mappings(const std::string& importId) {
    std::vector<MappingRecord> out;
    for (const auto& r : sqlQuery(_s,
                                  "SELECT id, import_id, kind, key, value, create_when_empty, "
                                  "mappable_id FROM import_mappings WHERE import_id = ? "
                                  "ORDER BY kind, key",
                                  {importId})) {
        MappingRecord m;
        readColumns(r, m.id, m.importId, m.kind, m.key, m.value, m.createWhenEmpty, m.mappableId);
        out.push_back(std::move(m));
    }
    return out;
}

void ImportStore::upsertMapping(MappingRecord& m) {
    if (m.id.empty()) {
        m.id = newUuid();
        sqlExec(_s,
                "INSERT INTO import_mappings (id, import_id, kind, key, value, create_when_empty, "
                "mappable_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
                {m.id, m.importId, m.kind, m.key, sqlOpt(m.value), int64_t(m.createWhenEmpty),
                 sqlOpt(m.mappableId)});
    } else {
        sqlExec(_s,
                "UPDATE import_mappings SET value = ?, create_when_empty = ?, mappable_id = ? "
                "WHERE id = ?",
                {sqlOpt(m.value), int64_t(m.createWhenEmpty), sqlOpt(m.mappableId), m.id});
    }
}

void ImportStore::deleteMapping(const std::string& id) {
    sqlExec(_s, "DELETE FROM import_mappings WHERE id = ?", {id});
}

void ImportStore::addRecord(const std::string& importId, const std::string& recordType,
                            const std::string& recordId, const std::string& relation) {
    sqlExec(_s,
            "INSERT INTO import_records (import_id, record_type, record_id, relation) "
            "VALUES (?, ?, ?, ?)",
            {importId, recordType, recordId, relation});
}

std::vector<std::pair<std::string, std::string>> ImportStore::records(const std::string& importId,
                                                                      const std::string& relation) {
    return textPairs(sqlQuery(_s,
                              "SELECT record_type, record_id FROM import_records "
                              "WHERE import_id = ? AND relation = ?",
                              {importId, relation}));
}

void ImportStore::clearRecords(const std::string& importId) {
    sqlExec(_s, "DELETE FROM import_records WHERE import_id = ?", {importId});
}

} // namespace finimport::store
