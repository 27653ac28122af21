#include "store/ImportStore.h"
#include "store/ImportListQuery.h"
#include "store/StoreCounters.h"

#include "store/Sql.h"
#include "store/SqliteNative.h"
#include "store/StatementCache.h"
#include "store/Time.h"

#include <Poco/Data/Statement.h>

namespace finimport::store {

namespace {

std::string selectColumns(bool withContent) {
    return std::string("SELECT id, family_id, type, status, error, account_id, configuration, ") +
           (withContent ? "(SELECT c.content FROM import_contents c WHERE c.import_id = imports.id)"
                        : "NULL") +
           ", content_kind, filename, content_type, encoding, rows_count, expected_record_counts, "
           "readback, summary, extracted, created_at, updated_at, warnings FROM imports ";
}

ImportRecord importFrom(const SqlRow& r) {
    ImportRecord i;
    i.id = r.str(0);
    i.familyId = r.str(1);
    i.type = r.str(2);
    i.status = r.str(3);
    i.error = r.optStr(4);
    i.accountId = r.optStr(5);
    i.configuration = r.str(6);
    i.content = r.optStr(7);
    i.contentKind = r.optStr(8);
    i.filename = r.optStr(9);
    i.contentType = r.optStr(10);
    i.encoding = r.optStr(11);
    i.rowsCount = r.i64(12);
    i.expectedRecordCounts = r.optStr(13);
    i.readback = r.optStr(14);
    i.summary = r.optStr(15);
    i.extracted = r.optStr(16);
    i.createdAt = r.i64(17);
    i.updatedAt = r.i64(18);
    i.warnings = r.optStr(19);
    return i;
}

std::string listWhere(const ImportListFilter& f, std::vector<SqlValue>& params) {
    std::string w = "WHERE family_id = ?";
    params.push_back(f.familyId);
    if (f.status) {
        w += " AND status = ?";
        params.push_back(*f.status);
    }
    if (f.type) {
        w += " AND type = ?";
        params.push_back(*f.type);
    }
    if (f.accountId) {
        w += " AND account_id = ?";
        params.push_back(*f.accountId);
    }
    return w;
}

} // namespace

void ImportStore::insert(ImportRecord& i) {
    // Lists answer newest first by (created_at, id), and created_at has millisecond precision:
    // ids in creation order break the ties of imports made within one millisecond.
    if (i.id.empty()) i.id = newOrderedUuid();
    i.createdAt = i.updatedAt = nowMicros() / 1000 * 1000; // millisecond precision (docs/api.md §1)
    sqlExec(
        _s,
        "INSERT INTO imports (id, family_id, type, status, error, account_id, configuration, "
        "content_kind, filename, content_type, encoding, rows_count, "
        "expected_record_counts, readback, summary, extracted, created_at, updated_at, warnings) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {i.id, i.familyId, i.type, i.status, sqlOpt(i.error), sqlOpt(i.accountId), i.configuration,
         sqlOpt(i.contentKind), sqlOpt(i.filename), sqlOpt(i.contentType), sqlOpt(i.encoding),
         i.rowsCount, sqlOpt(i.expectedRecordCounts), sqlOpt(i.readback), sqlOpt(i.summary),
         sqlOpt(i.extracted), i.createdAt, i.updatedAt, sqlOpt(i.warnings)});
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
    auto r = sqlQueryOne(_s, selectColumns(withContent) + "WHERE family_id = ? AND id = ?",
                         {familyId, id});
    if (!r) return std::nullopt;
    return importFrom(*r);
}

std::optional<ImportRecord> ImportStore::byIdAnyFamily(const std::string& id, bool withContent) {
    auto r = sqlQueryOne(_s, selectColumns(withContent) + "WHERE id = ?", {id});
    if (!r) return std::nullopt;
    return importFrom(*r);
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
    std::vector<ImportRecord> out;
    for (const auto& r : sqlQuery(_s, sql, params))
        out.push_back(importFrom(r));
    return out;
}

std::vector<MappingRecord> ImportStore::mappings(const std::string& importId) {
    std::vector<MappingRecord> out;
    for (const auto& r : sqlQuery(_s,
                                  "SELECT id, import_id, kind, key, value, create_when_empty, "
                                  "mappable_id FROM import_mappings WHERE import_id = ? "
                                  "ORDER BY kind, key",
                                  {importId})) {
        MappingRecord m;
        m.id = r.str(0);
        m.importId = r.str(1);
        m.kind = r.str(2);
        m.key = r.str(3);
        m.value = r.optStr(4);
        m.createWhenEmpty = r.i64(5) != 0;
        m.mappableId = r.optStr(6);
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
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& r : sqlQuery(_s,
                                  "SELECT record_type, record_id FROM import_records "
                                  "WHERE import_id = ? AND relation = ?",
                                  {importId, relation}))
        out.emplace_back(r.str(0), r.str(1));
    return out;
}

void ImportStore::clearRecords(const std::string& importId) {
    sqlExec(_s, "DELETE FROM import_records WHERE import_id = ?", {importId});
}

} // namespace finimport::store
