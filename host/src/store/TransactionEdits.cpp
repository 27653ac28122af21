#include "store/TransactionEdits.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/TxSession.h"

#include <algorithm>

namespace finimport::store {

SplitRole TransactionEdits::splitRole(const std::string& entryId) {
    SplitRole role;
    auto row = sqlQueryOne(_s, "SELECT parent_entry_id FROM entries WHERE id = ?", {entryId});
    role.child = row && row->optStr(0).has_value();
    role.parent =
        sqlCount(_s, "SELECT COUNT(*) FROM entries WHERE parent_entry_id = ?", {entryId}) > 0;
    return role;
}

bool TransactionEdits::categoryOfFamily(const std::string& familyId, const std::string& id) {
    return sqlCount(_s, "SELECT COUNT(*) FROM categories WHERE id = ? AND family_id = ?",
                    {id, familyId}) > 0;
}

bool TransactionEdits::merchantOfFamily(const std::string& familyId, const std::string& id) {
    return sqlCount(_s, "SELECT COUNT(*) FROM merchants WHERE id = ? AND family_id = ?",
                    {id, familyId}) > 0;
}

bool TransactionEdits::tagsOfFamily(const std::string& familyId,
                                    const std::vector<std::string>& ids) {
    std::vector<std::string> unique = ids;
    std::sort(unique.begin(), unique.end());
    unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
    if (unique.empty()) return true;
    std::string sql = "SELECT COUNT(*) FROM tags WHERE family_id = ? AND id IN (";
    std::vector<SqlValue> params{familyId};
    for (size_t i = 0; i < unique.size(); ++i) {
        sql += i ? ", ?" : "?";
        params.push_back(unique[i]);
    }
    return sqlCount(_s, sql + ")", params) == static_cast<int64_t>(unique.size());
}

std::vector<std::string> TransactionEdits::tagIds(const std::string& entryId) {
    return firstTexts(sqlQuery(
        _s, "SELECT tag_id FROM transaction_tags WHERE entry_id = ? ORDER BY tag_id", {entryId}));
}

void TransactionEdits::apply(const std::string& entryId, const TransactionChanges& c,
                             int64_t updatedAt) {
    std::string sql = "UPDATE entries SET updated_at = ?";
    std::vector<SqlValue> params{updatedAt};
    auto set = [&](const char* column, SqlValue value) {
        sql += std::string(", ") + column + " = ?";
        params.push_back(std::move(value));
    };
    if (c.name) set("name", *c.name);
    if (c.notes) set("notes", sqlOpt(*c.notes));
    if (c.date) set("date", *c.date);
    if (c.amount) set("amount", *c.amount);
    if (c.categoryId) set("category_id", sqlOpt(*c.categoryId));
    if (c.merchantId) set("merchant_id", sqlOpt(*c.merchantId));
    if (c.excluded) set("excluded", int64_t(*c.excluded ? 1 : 0));
    if (c.activityLabel) set("investment_activity_label", sqlOpt(*c.activityLabel));
    params.push_back(entryId);
    sqlExec(_s, sql + " WHERE id = ?", params);
    if (c.tagIds) {
        std::vector<std::string> unique = *c.tagIds;
        std::sort(unique.begin(), unique.end());
        unique.erase(std::unique(unique.begin(), unique.end()), unique.end());
        sqlExec(_s, "DELETE FROM transaction_tags WHERE entry_id = ?", {entryId});
        for (const auto& t : unique)
            sqlExec(_s, "INSERT INTO transaction_tags (entry_id, tag_id) VALUES (?, ?)",
                    {entryId, t});
    }
}

void TransactionEdits::deleteWithChildren(const std::string& entryId) {
    std::vector<std::string> ids{entryId};
    for (const auto& r :
         sqlQuery(_s, "SELECT id FROM entries WHERE parent_entry_id = ?", {entryId}))
        ids.push_back(r.str(0));
    for (const auto& id : ids) {
        for (const char* table : {"transfers", "rejected_transfers"})
            sqlExec(_s,
                    std::string("DELETE FROM ") + table +
                        " WHERE inflow_transaction_id = ? OR outflow_transaction_id = ?",
                    {id, id});
        sqlExec(_s,
                "DELETE FROM import_records WHERE record_type = 'Entry' AND record_id = ? AND "
                "relation = 'matched'",
                {id});
        sqlExec(_s, "DELETE FROM transaction_tags WHERE entry_id = ?", {id});
    }
    sqlExec(_s, "DELETE FROM entries WHERE parent_entry_id = ?", {entryId});
    sqlExec(_s, "DELETE FROM entries WHERE id = ?", {entryId});
}

} // namespace finimport::store
