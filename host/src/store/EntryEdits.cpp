#include "store/EntryEdits.h"

#include "store/BatchInsert.h"
#include "store/Columns.h"
#include "store/Sql.h"
#include "store/TxSession.h"

#include <algorithm>
#include <map>

namespace finimport::store {

void clearSplitParent(Tx& s, const std::string& entryId) {
    sqlExec(s, "UPDATE entries SET excluded = 1 WHERE id = ?", {entryId});
    sqlExec(s, "DELETE FROM transaction_tags WHERE entry_id = ?", {entryId});
    sqlExec(s, "UPDATE entries SET category_id = NULL WHERE id = ?", {entryId});
}

namespace {

constexpr std::size_t kIdsPerStatement = 400;

// Runs `sql` + "(?, …)" once per chunk of `ids`, after the parameters `first`.
template <typename Id>
void forChunks(Tx& s, const std::string& sql, const std::vector<SqlValue>& first,
               const std::vector<Id>& ids, const std::string& (*idOf)(const Id&)) {
    for (std::size_t at = 0; at < ids.size(); at += kIdsPerStatement) {
        const std::size_t n = std::min(kIdsPerStatement, ids.size() - at);
        std::vector<SqlValue> params = first;
        for (std::size_t i = 0; i < n; ++i)
            params.emplace_back(idOf(ids[at + i]));
        sqlExec(s, sql + "(" + sqlMarks(n) + ")", params);
    }
}

const std::string& plainId(const std::string* const& id) {
    return *id;
}

const std::string& absorbId(const MatchAbsorb* const& m) {
    return m->entryId;
}

} // namespace

void absorbMatches(Tx& s, const std::vector<MatchAbsorb>& matches) {
    std::map<std::string, std::vector<const std::string*>> byCategory;
    std::vector<const MatchAbsorb*> tagged, noted;
    for (const auto& m : matches) {
        if (m.categoryId) byCategory[*m.categoryId].push_back(&m.entryId);
        if (!m.tagIds.empty()) tagged.push_back(&m);
        if (m.notes) noted.push_back(&m);
    }
    for (const auto& [categoryId, ids] : byCategory)
        forChunks(s,
                  "UPDATE entries SET category_id = ? WHERE entryable_type = 'Transaction' AND "
                  "id IN ",
                  {categoryId}, ids, plainId);
    if (!tagged.empty()) {
        forChunks(s, "DELETE FROM transaction_tags WHERE entry_id IN ", {}, tagged, absorbId);
        BatchInsert tags(s, "transaction_tags", {"entry_id", "tag_id"});
        for (const MatchAbsorb* m : tagged)
            for (const auto& tagId : m->tagIds)
                tags.add({m->entryId, tagId});
        tags.flush();
    }
    // Notes differ row by row: one CASE per chunk.
    for (std::size_t at = 0; at < noted.size(); at += kIdsPerStatement) {
        const std::size_t n = std::min(kIdsPerStatement, noted.size() - at);
        std::string sql = "UPDATE entries SET notes = CASE id", in;
        std::vector<SqlValue> params, ids;
        for (std::size_t i = 0; i < n; ++i) {
            sql += " WHEN ? THEN ?";
            params.emplace_back(noted[at + i]->entryId);
            params.emplace_back(*noted[at + i]->notes);
            in += i ? ", ?" : "?";
            ids.emplace_back(noted[at + i]->entryId);
        }
        params.insert(params.end(), ids.begin(), ids.end());
        sqlExec(s, sql + " END WHERE id IN (" + in + ")", params);
    }
}

} // namespace finimport::store
