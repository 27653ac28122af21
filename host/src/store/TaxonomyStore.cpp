#include "store/TaxonomyStore.h"
#include "store/Columns.h"

#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <algorithm>
#include <functional>

namespace finimport::store {

namespace {

// In the order the readers read them and the inserts bind them (then created_at, updated_at).
const std::string kCategoryColumns =
    "id, family_id, name, parent_id, color, lucide_icon, classification, import_id";
const std::string kCategorySelect = "SELECT " + kCategoryColumns + " FROM categories ";
const std::string kTagColumns = "id, family_id, name, color, import_id";
const std::string kTagSelect = "SELECT " + kTagColumns + " FROM tags ";
const std::string kMerchantColumns = "id, family_id, name, color, website_url, logo_url, import_id";
const std::string kMerchantSelect = "SELECT " + kMerchantColumns + " FROM merchants ";

CategoryRow categoryFrom(const SqlRow& r) {
    CategoryRow c;
    readColumns(r, c.id, c.familyId, c.name, c.parentId, c.color, c.icon, c.classification,
                c.importId);
    return c;
}

TagRow tagFrom(const SqlRow& r) {
    TagRow t;
    readColumns(r, t.id, t.familyId, t.name, t.color, t.importId);
    return t;
}

MerchantRow merchantFrom(const SqlRow& r) {
    MerchantRow m;
    readColumns(r, m.id, m.familyId, m.name, m.color, m.websiteUrl, m.logoUrl, m.importId);
    return m;
}

// The family's record that `condition` (on `key`) picks, read by `from`.
template <class F>
auto familyRecord(Tx& s, const std::string& select, const std::string& condition,
                  const std::string& familyId, const std::string& key, F from) {
    return mapRow(sqlQueryOne(s, select + "WHERE family_id = ? AND " + condition, {familyId, key}),
                  from);
}

} // namespace

std::optional<CategoryRow> TaxonomyStore::categoryByName(const std::string& familyId,
                                                         const std::string& name) {
    return familyRecord(_s, kCategorySelect, "name = ?", familyId, name, categoryFrom);
}

std::optional<CategoryRow> TaxonomyStore::categoryById(const std::string& familyId,
                                                       const std::string& id) {
    return familyRecord(_s, kCategorySelect, "id = ?", familyId, id, categoryFrom);
}

void TaxonomyStore::insertCategory(CategoryRow& c) {
    insertStamped(
        _s, "categories", kCategoryColumns, c.id,
        bindValues(c.familyId, c.name, c.parentId, c.color, c.icon, c.classification, c.importId));
}

void TaxonomyStore::updateCategory(const CategoryRow& c) {
    sqlExec(_s,
            "UPDATE categories SET name = ?, parent_id = ?, color = ?, lucide_icon = ?, "
            "classification = ?, updated_at = ? WHERE id = ?",
            {c.name, sqlOpt(c.parentId), c.color, c.icon, c.classification, nowMicros(), c.id});
}

std::optional<TagRow> TaxonomyStore::tagByName(const std::string& familyId,
                                               const std::string& name) {
    return familyRecord(_s, kTagSelect, "name = ?", familyId, name, tagFrom);
}

void TaxonomyStore::insertTag(TagRow& t) {
    insertStamped(_s, "tags", kTagColumns, t.id,
                  bindValues(t.familyId, t.name, t.color, t.importId));
}

std::optional<MerchantRow> TaxonomyStore::merchantByName(const std::string& familyId,
                                                         const std::string& name) {
    return familyRecord(_s, kMerchantSelect, "name = ? ORDER BY created_at LIMIT 1", familyId, name,
                        merchantFrom);
}

std::optional<MerchantRow> TaxonomyStore::merchantById(const std::string& familyId,
                                                       const std::string& id) {
    return familyRecord(_s, kMerchantSelect, "id = ?", familyId, id, merchantFrom);
}

void TaxonomyStore::insertMerchant(MerchantRow& m) {
    insertStamped(_s, "merchants", kMerchantColumns, m.id,
                  bindValues(m.familyId, m.name, m.color, m.websiteUrl, m.logoUrl, m.importId));
}

namespace {

// At most this many ids in one `IN (…)` list (libpq drops the connection past about 7,500
// parameters; BatchInsert.h).
constexpr size_t kIdsPerStatement = 500;

// Calls `run` once per chunk of `ids` with `sql`, its `(%)` replaced by the chunk's
// placeholders, and the chunk's ids as the first parameters.
void overChunks(const std::string& sql, const std::vector<std::string>& ids,
                const std::function<void(const std::string&, std::vector<SqlValue>)>& run) {
    for (size_t from = 0; from < ids.size(); from += kIdsPerStatement) {
        const size_t n = std::min(kIdsPerStatement, ids.size() - from);
        std::vector<SqlValue> params(ids.begin() + from, ids.begin() + from + n);
        std::string text = sql;
        text.replace(text.find("(%)"), 3, "(" + sqlMarks(n) + ")");
        run(text, std::move(params));
    }
}

// Runs the query `sql` over `ids` (every `?` after its list is the import id, `imports` of
// them); each row's first column goes into `out`.
void collect(Tx& s, const std::string& sql, int imports, const std::vector<std::string>& ids,
             const std::string& importId, std::set<std::string>& out) {
    overChunks(sql, ids, [&](const std::string& text, std::vector<SqlValue> params) {
        for (int i = 0; i < imports; ++i)
            params.push_back(importId);
        for (const auto& row : sqlQuery(s, text, params))
            if (!row.isNull(0)) out.insert(row.str(0));
    });
}

void execOver(Tx& s, const std::string& sql, const std::vector<std::string>& ids) {
    overChunks(sql, ids, [&](const std::string& text, std::vector<SqlValue> params) {
        sqlExec(s, text, params);
    });
}

// A use every kind of taxonomy record shares: a rule of another import (or of no import) that
// names the id in a condition or action. (Another import's mapping is no use: publish
// re-creates a mapped record that is gone.) The rules are few: read once, searched here.
void namedByRules(Tx& s, const std::vector<std::string>& ids, const std::string& importId,
                  std::set<std::string>& out) {
    const auto rules = sqlQuery(s,
                                "SELECT COALESCE(actions, ''), COALESCE(conditions, '') FROM "
                                "rules WHERE COALESCE(import_id, '') <> ?",
                                {importId});
    for (const auto& id : ids)
        for (const auto& rule : rules)
            if (rule.str(0).find(id) != std::string::npos ||
                rule.str(1).find(id) != std::string::npos) {
                out.insert(id);
                break;
            }
}

} // namespace

namespace {

// The ids among `ids` that one of `uses` returns (queries of one column: `(%)` the place of the
// id list, then one `?`, the import id), or that a rule of another import names.
std::set<std::string> usedAmong(Tx& s, std::initializer_list<const char*> uses,
                                const std::vector<std::string>& ids, const std::string& importId) {
    std::set<std::string> used;
    for (const char* sql : uses)
        collect(s, sql, 1, ids, importId, used);
    namedByRules(s, ids, importId, used);
    return used;
}

} // namespace

std::set<std::string> TaxonomyStore::categoriesInUse(const std::vector<std::string>& ids,
                                                     const std::string& importId) {
    std::set<std::string> used =
        usedAmong(_s,
                  {"SELECT DISTINCT category_id FROM entries WHERE category_id IN (%) AND "
                   "COALESCE(import_id, '') <> ?",
                   "SELECT DISTINCT t.category_id FROM trades t JOIN entries e ON e.id = "
                   "t.entry_id WHERE t.category_id IN (%) AND COALESCE(e.import_id, '') <> ?",
                   "SELECT DISTINCT bc.category_id FROM budget_categories bc JOIN budgets b ON "
                   "b.id = bc.budget_id WHERE bc.category_id IN (%) AND COALESCE(b.import_id, "
                   "'') <> ?",
                   "SELECT DISTINCT parent_id FROM categories WHERE parent_id IN (%) AND "
                   "COALESCE(import_id, '') <> ?"},
                  ids, importId);
    // A kept subcategory keeps its parent (docs/read-api.md §3.6): a category of the import
    // that a correction attached to a transaction outside it stays, and so does its parent.
    if (used.empty()) return used;
    const std::set<std::string> among(ids.begin(), ids.end());
    std::set<std::string> parents;
    collect(_s, "SELECT parent_id FROM categories WHERE id IN (%) AND parent_id IS NOT NULL", 0,
            std::vector<std::string>(used.begin(), used.end()), "", parents);
    for (const auto& parent : parents)
        if (among.count(parent)) used.insert(parent);
    return used;
}

std::set<std::string> TaxonomyStore::categoriesBudgeted(const std::vector<std::string>& ids) {
    std::set<std::string> budgeted;
    collect(_s, "SELECT DISTINCT category_id FROM budget_categories WHERE category_id IN (%)", 0,
            ids, "", budgeted);
    return budgeted;
}

std::set<std::string> TaxonomyStore::tagsInUse(const std::vector<std::string>& ids,
                                               const std::string& importId) {
    return usedAmong(_s,
                     {"SELECT DISTINCT tt.tag_id FROM transaction_tags tt JOIN entries e ON e.id = "
                      "tt.entry_id WHERE tt.tag_id IN (%) AND COALESCE(e.import_id, '') <> ?"},
                     ids, importId);
}

std::set<std::string> TaxonomyStore::merchantsInUse(const std::vector<std::string>& ids,
                                                    const std::string& importId) {
    return usedAmong(_s,
                     {"SELECT DISTINCT merchant_id FROM entries WHERE merchant_id IN (%) AND "
                      "COALESCE(import_id, '') <> ?",
                      "SELECT DISTINCT merchant_id FROM recurring_transactions WHERE merchant_id "
                      "IN (%) AND COALESCE(import_id, '') <> ?"},
                     ids, importId);
}

void TaxonomyStore::deleteCategories(const std::vector<std::string>& ids) {
    execOver(_s, "UPDATE categories SET parent_id = NULL WHERE parent_id IN (%)", ids);
    execOver(_s, "UPDATE entries SET category_id = NULL WHERE category_id IN (%)", ids);
    execOver(_s, "DELETE FROM categories WHERE id IN (%)", ids);
}

void TaxonomyStore::deleteTags(const std::vector<std::string>& ids) {
    execOver(_s, "DELETE FROM transaction_tags WHERE tag_id IN (%)", ids);
    execOver(_s, "DELETE FROM tags WHERE id IN (%)", ids);
}

void TaxonomyStore::deleteMerchants(const std::vector<std::string>& ids) {
    execOver(_s, "UPDATE entries SET merchant_id = NULL WHERE merchant_id IN (%)", ids);
    execOver(_s, "DELETE FROM merchants WHERE id IN (%)", ids);
}

} // namespace finimport::store
