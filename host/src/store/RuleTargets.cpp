#include "store/RuleTargets.h"
#include "store/Columns.h"

#include "store/BatchInsert.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TransactionLocks.h"
#include "store/TxSession.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace finimport::store {

namespace {

const char* kRuleColumns = "id, family_id, resource_type, name, effective_date, import_id, active, "
                           "conditions, actions, position, created_at, updated_at";

StoredRule ruleFrom(const SqlRow& r) {
    StoredRule out;
    readColumns(r, out.id, out.familyId, out.resourceType, out.name, out.effectiveDate,
                out.importId, out.active, out.conditions, out.actions);
    out.position = r.optI64(9).value_or(0);
    out.createdAt = r.i64(10);
    out.updatedAt = r.i64(11);
    return out;
}

const char* kTargetColumns =
    "e.id, e.account_id, e.date, e.currency, e.import_id, e.amount, e.name, e.notes, "
    "e.category_id, e.merchant_id, e.investment_activity_label, e.excluded, e.kind, "
    "e.locked_attributes, e.created_at";

RuleTarget targetFrom(const SqlRow& r) {
    RuleTarget t;
    readColumns(r, t.id, t.accountId, t.date, t.currency, t.importId, t.amount, t.name, t.notes,
                t.categoryId, t.merchantId, t.label, t.excluded);
    t.kind = r.optStr(12).value_or("standard");
    if (auto locks = r.optStr(13))
        for (const auto& [key, at] : TransactionLocks::decode(*locks))
            t.locks.push_back(key);
    t.createdAt = r.i64(14);
    return t;
}

// Tags and transfer links of one chunk, a statement each (locks are in the entry row).
void fillChunk(Tx& s, std::vector<RuleTarget>& chunk) {
    if (chunk.empty()) return;
    std::unordered_map<std::string, RuleTarget*> byId;
    std::vector<SqlValue> ids;
    for (auto& t : chunk) {
        byId.emplace(t.id, &t);
        ids.emplace_back(t.id);
    }
    const std::string in = "(" + sqlMarks(ids.size()) + ")";
    for (const auto& r : sqlQuery(s,
                                  "SELECT entry_id, tag_id FROM transaction_tags WHERE entry_id "
                                  "IN " +
                                      in + " ORDER BY entry_id, tag_id",
                                  ids))
        byId[r.str(0)]->tagIds.push_back(r.str(1));
    std::vector<SqlValue> twice = ids;
    twice.insert(twice.end(), ids.begin(), ids.end());
    for (const auto& r : sqlQuery(s,
                                  "SELECT inflow_transaction_id, outflow_transaction_id FROM "
                                  "transfers WHERE inflow_transaction_id IN " +
                                      in + " OR outflow_transaction_id IN " + in,
                                  twice))
        for (size_t i = 0; i < 2; ++i)
            if (auto it = byId.find(r.str(i)); it != byId.end()) it->second->linked = true;
}

} // namespace

bool RuleTarget::locked(const std::string& key) const {
    return std::find(locks.begin(), locks.end(), key) != locks.end();
}

std::vector<StoredRule> rulesOfFamily(Tx& s, const std::string& familyId,
                                      std::optional<bool> active) {
    std::string sql = std::string("SELECT ") + kRuleColumns + " FROM rules WHERE family_id = ?";
    std::vector<SqlValue> params{familyId};
    if (active) {
        sql += " AND active = ?";
        params.emplace_back(int64_t(*active));
    }
    return mapRows(sqlQuery(s, sql + " ORDER BY position, created_at, id", params), ruleFrom);
}

std::optional<StoredRule> ruleOfFamily(Tx& s, const std::string& familyId, const std::string& id) {
    return mapRow(
        rowOfFamily(s, std::string("SELECT ") + kRuleColumns + " FROM rules", familyId, id),
        ruleFrom);
}

FamilyRefRows familyRefRows(Tx& s, const std::string& familyId) {
    FamilyRefRows out;
    auto named = [&](const char* table, std::vector<NamedRow>& into) {
        for (const auto& r :
             sqlQuery(s, std::string("SELECT id, name FROM ") + table + " WHERE family_id = ?",
                      {familyId}))
            into.push_back({r.str(0), r.str(1)});
    };
    named("categories", out.categories);
    named("merchants", out.merchants);
    named("tags", out.tags);
    for (const auto& r : sqlQuery(s,
                                  "SELECT id, name, account_type, status FROM accounts WHERE "
                                  "family_id = ?",
                                  {familyId}))
        out.accounts.push_back({r.str(0), r.str(1), r.optStr(2).value_or(""), r.str(3)});
    return out;
}

void forEachHistoryRow(
    Tx& s, const std::string& familyId,
    const std::function<void(const std::string&, const std::optional<std::string>&,
                             const std::optional<std::string>&, const std::string&)>& row) {
    for (const auto& r :
         sqlQuery(s,
                  "SELECT e.name, e.category_id, e.merchant_id, e.date FROM entries e JOIN "
                  "accounts a ON a.id = e.account_id WHERE a.family_id = ? AND a.status IN "
                  "('active', 'draft') AND e.entryable_type = 'Transaction' AND "
                  "(e.category_id IS NOT NULL OR e.merchant_id IS NOT NULL) AND NOT EXISTS "
                  "(SELECT 1 FROM entries c WHERE c.parent_entry_id = e.id)",
                  {familyId}))
        row(r.str(0), r.optStr(1), r.optStr(2), r.str(3));
}

void forEachTargetChunk(Tx& s, const TargetQuery& q, size_t size,
                        const std::function<void(std::vector<RuleTarget>&)>& chunk) {
    const std::string head = std::string("SELECT ") + kTargetColumns +
                             " FROM entries e WHERE e.entryable_type = 'Transaction' AND NOT "
                             "EXISTS (SELECT 1 FROM entries c WHERE c.parent_entry_id = e.id)";
    const auto limit = int64_t(size);
    if (q.importId) {
        // The import's target ids in one sorted read (an import holds at most the row cap),
        // then each chunk by primary key. A keyset by id sorted the rest of the import for
        // every chunk: entries_import holds no id (docs/decisions.md D186).
        std::vector<std::string> ids;
        for (const auto& r : sqlQuery(s,
                                      "SELECT e.id FROM entries e WHERE e.entryable_type = "
                                      "'Transaction' AND e.import_id = ? AND NOT EXISTS (SELECT 1 "
                                      "FROM entries c WHERE c.parent_entry_id = e.id) ORDER BY "
                                      "e.id",
                                      {*q.importId}))
            ids.push_back(r.str(0));
        for (size_t from = 0; from < ids.size(); from += size) {
            const size_t n = std::min(size, ids.size() - from);
            std::vector<SqlValue> params(ids.begin() + from, ids.begin() + from + n);
            std::vector<RuleTarget> rows;
            for (const auto& r :
                 sqlQuery(s, head + " AND e.id IN (" + sqlMarks(n) + ") ORDER BY e.id", params))
                rows.push_back(targetFrom(r));
            fillChunk(s, rows);
            chunk(rows);
        }
        return;
    }
    for (const auto& account : q.accountIds) {
        // Keyset by (date, created_at, id) within the account: the order of the index
        // entries_account_transaction_order, so each chunk is one range read of it. Ordered by
        // (date, id), every chunk sorted the rest of its date, reading each of those rows: a
        // 1M-transaction re-run did not finish (bench/RESULTS.md, docs/decisions.md D186).
        std::string afterDate = q.startDate.value_or(""), afterId;
        int64_t afterCreated = 0;
        bool first = true;
        for (;;) {
            std::string sql = head + " AND e.account_id = ?";
            std::vector<SqlValue> params{account};
            if (first) {
                andIf(sql, params, "e.date >= ?", q.startDate);
            } else {
                sql += " AND (e.date, e.created_at, e.id) > (?, ?, ?)";
                params.insert(params.end(), {afterDate, afterCreated, afterId});
            }
            andIf(sql, params, "e.date <= ?", q.endDate);
            params.emplace_back(limit);
            std::vector<RuleTarget> rows;
            for (const auto& r :
                 sqlQuery(s, sql + " ORDER BY e.date, e.created_at, e.id LIMIT ?", params))
                rows.push_back(targetFrom(r));
            if (rows.empty()) break;
            afterDate = rows.back().date;
            afterId = rows.back().id;
            afterCreated = rows.back().createdAt;
            first = false;
            const bool last = rows.size() < size;
            fillChunk(s, rows);
            chunk(rows);
            if (last) break;
        }
    }
}

int64_t transactionsCreatedBy(Tx& s, const std::string& importId) {
    return sqlCount(s,
                    "SELECT COUNT(*) FROM entries WHERE import_id = ? AND entryable_type = "
                    "'Transaction'",
                    {importId});
}

void writeTargets(Tx& s, const std::vector<TargetChange>& changes) {
    if (changes.empty()) return;
    constexpr size_t kPerStatement = 500;
    // (column, value) -> ids; a null value is kept apart from every text.
    using Key = std::pair<std::string, std::optional<std::string>>;
    std::map<Key, std::vector<std::string>> groups;
    std::vector<std::string> excludedIds;
    for (const auto& c : changes) {
        const RuleTarget& t = *c.target;
        if (c.name) groups[{"name", t.name}].push_back(t.id);
        if (c.category) groups[{"category_id", t.categoryId}].push_back(t.id);
        if (c.merchant) groups[{"merchant_id", t.merchantId}].push_back(t.id);
        if (c.label) groups[{"investment_activity_label", t.label}].push_back(t.id);
        if (c.kind) groups[{"kind", t.kind}].push_back(t.id);
        if (c.excluded && t.excluded) excludedIds.push_back(t.id); // excluded only turns on
    }
    const int64_t now = nowMicros();
    auto update = [&](const std::string& set, const std::optional<SqlValue>& value,
                      const std::vector<std::string>& ids) {
        for (size_t from = 0; from < ids.size(); from += kPerStatement) {
            const size_t n = std::min(kPerStatement, ids.size() - from);
            std::vector<SqlValue> params;
            params.reserve(n + 2);
            if (value) params.push_back(*value);
            params.emplace_back(now);
            for (size_t i = 0; i < n; ++i)
                params.emplace_back(ids[from + i]);
            sqlExec(s,
                    "UPDATE entries SET " + set + ", updated_at = ? WHERE id IN (" + sqlMarks(n) +
                        ")",
                    params);
        }
    };
    for (const auto& [key, ids] : groups)
        update(key.first + " = ?", sqlOpt(key.second), ids);
    update("excluded = 1", std::nullopt, excludedIds);
    BatchInsert tags(s, "transaction_tags", {"entry_id", "tag_id"}, kPerStatement);
    for (const auto& c : changes)
        for (const auto& tag : c.addedTags)
            tags.add({SqlValue(c.target->id), SqlValue(tag)});
    tags.flush();
}

void writeLabels(Tx& s, const std::string& label, const std::vector<std::string>& entryIds) {
    constexpr size_t kPerStatement = 500;
    for (size_t from = 0; from < entryIds.size(); from += kPerStatement) {
        const size_t n = std::min(kPerStatement, entryIds.size() - from);
        std::vector<SqlValue> params{label};
        for (size_t i = 0; i < n; ++i)
            params.emplace_back(entryIds[from + i]);
        sqlExec(
            s, "UPDATE entries SET investment_activity_label = ? WHERE id IN (" + sqlMarks(n) + ")",
            params);
    }
}

} // namespace finimport::store
