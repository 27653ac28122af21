#include "store/NamedRecords.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

std::string tableName(NamedTable table) {
    // In the order of NamedTable.
    static constexpr const char* kTables[] = {"accounts", "categories", "tags", "merchants"};
    return kTables[static_cast<size_t>(table)];
}

} // namespace

std::optional<std::string> nameInFamily(Tx& s, NamedTable table, const std::string& id,
                                        const std::string& familyId) {
    auto r =
        sqlQueryOne(s, "SELECT name FROM " + tableName(table) + " WHERE id = ? AND family_id = ?",
                    {id, familyId});
    if (!r) return std::nullopt;
    return r->str(0);
}

bool idInFamily(Tx& s, NamedTable table, const std::string& id, const std::string& familyId) {
    return sqlCount(s,
                    "SELECT COUNT(*) FROM " + tableName(table) + " WHERE id = ? AND family_id = ?",
                    {id, familyId}) > 0;
}

std::optional<std::string> idByName(Tx& s, NamedTable table, const std::string& familyId,
                                    const std::string& name) {
    auto r = sqlQueryOne(s,
                         "SELECT id FROM " + tableName(table) +
                             " WHERE family_id = ? AND name = ? ORDER BY created_at LIMIT 1",
                         {familyId, name});
    if (!r) return std::nullopt;
    return r->str(0);
}

std::set<std::string> namesNotOfImport(Tx& s, NamedTable table, const std::string& familyId,
                                       const std::string& importId) {
    std::set<std::string> names;
    for (const auto& r : sqlQuery(s,
                                  "SELECT name FROM " + tableName(table) +
                                      " WHERE family_id = ? AND COALESCE(import_id, '') <> ?",
                                  {familyId, importId}))
        names.insert(r.str(0));
    return names;
}

} // namespace finimport::store
