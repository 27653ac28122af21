#include "store/TaxonomyStore.h"

#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

namespace finimport::store {

namespace {

const char* kCategorySelect = "SELECT id, family_id, name, parent_id, color, lucide_icon, "
                              "classification, import_id FROM categories ";

CategoryRow categoryFrom(const SqlRow& r) {
    CategoryRow c;
    c.id = r.str(0);
    c.familyId = r.str(1);
    c.name = r.str(2);
    c.parentId = r.optStr(3);
    c.color = r.str(4);
    c.icon = r.str(5);
    c.classification = r.str(6);
    c.importId = r.optStr(7);
    return c;
}

MerchantRow merchantFrom(const SqlRow& r) {
    return MerchantRow{r.str(0),    r.str(1),    r.str(2),   r.optStr(3),
                       r.optStr(4), r.optStr(5), r.optStr(6)};
}

const char* kMerchantSelect =
    "SELECT id, family_id, name, color, website_url, logo_url, import_id FROM merchants ";

} // namespace

std::optional<CategoryRow> TaxonomyStore::categoryByName(const std::string& familyId,
                                                         const std::string& name) {
    auto r = sqlQueryOne(_s, std::string(kCategorySelect) + "WHERE family_id = ? AND name = ?",
                         {familyId, name});
    if (!r) return std::nullopt;
    return categoryFrom(*r);
}

std::optional<CategoryRow> TaxonomyStore::categoryById(const std::string& familyId,
                                                       const std::string& id) {
    auto r = sqlQueryOne(_s, std::string(kCategorySelect) + "WHERE family_id = ? AND id = ?",
                         {familyId, id});
    if (!r) return std::nullopt;
    return categoryFrom(*r);
}

void TaxonomyStore::insertCategory(CategoryRow& c) {
    if (c.id.empty()) c.id = newUuid();
    int64_t now = nowMicros();
    sqlExec(
        _s,
        "INSERT INTO categories (id, family_id, name, parent_id, color, lucide_icon, "
        "classification, import_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {c.id, c.familyId, c.name, sqlOpt(c.parentId), c.color, c.icon, c.classification,
         sqlOpt(c.importId), now, now});
}

void TaxonomyStore::updateCategory(const CategoryRow& c) {
    sqlExec(_s,
            "UPDATE categories SET name = ?, parent_id = ?, color = ?, lucide_icon = ?, "
            "classification = ?, updated_at = ? WHERE id = ?",
            {c.name, sqlOpt(c.parentId), c.color, c.icon, c.classification, nowMicros(), c.id});
}

std::optional<TagRow> TaxonomyStore::tagByName(const std::string& familyId,
                                               const std::string& name) {
    auto r = sqlQueryOne(_s,
                         "SELECT id, family_id, name, color, import_id FROM tags "
                         "WHERE family_id = ? AND name = ?",
                         {familyId, name});
    if (!r) return std::nullopt;
    return TagRow{r->str(0), r->str(1), r->str(2), r->str(3), r->optStr(4)};
}

void TaxonomyStore::insertTag(TagRow& t) {
    if (t.id.empty()) t.id = newUuid();
    int64_t now = nowMicros();
    sqlExec(_s,
            "INSERT INTO tags (id, family_id, name, color, import_id, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            {t.id, t.familyId, t.name, t.color, sqlOpt(t.importId), now, now});
}

std::optional<MerchantRow> TaxonomyStore::merchantByName(const std::string& familyId,
                                                         const std::string& name) {
    auto r = sqlQueryOne(_s,
                         std::string(kMerchantSelect) +
                             "WHERE family_id = ? AND name = ? ORDER BY created_at LIMIT 1",
                         {familyId, name});
    if (!r) return std::nullopt;
    return merchantFrom(*r);
}

std::optional<MerchantRow> TaxonomyStore::merchantById(const std::string& familyId,
                                                       const std::string& id) {
    auto r = sqlQueryOne(_s, std::string(kMerchantSelect) + "WHERE family_id = ? AND id = ?",
                         {familyId, id});
    if (!r) return std::nullopt;
    return merchantFrom(*r);
}

void TaxonomyStore::insertMerchant(MerchantRow& m) {
    if (m.id.empty()) m.id = newUuid();
    int64_t now = nowMicros();
    sqlExec(_s,
            "INSERT INTO merchants (id, family_id, name, color, website_url, logo_url, import_id, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {m.id, m.familyId, m.name, sqlOpt(m.color), sqlOpt(m.websiteUrl), sqlOpt(m.logoUrl),
             sqlOpt(m.importId), now, now});
}

namespace {

// A use every kind of taxonomy record shares: a rule of another import (or of no import) that
// names the id in a condition or action. (Another import's mapping is no use: publish
// re-creates a mapped record that is gone.)
// (Typed casts: PostgreSQL cannot infer a parameter's type inside `||`.)
const char* kSharedUses =
    "(SELECT COUNT(*) FROM rules WHERE COALESCE(import_id, '') <> ? AND "
    "(actions LIKE '%' || CAST(? AS TEXT) || '%' OR conditions LIKE '%' || CAST(? AS TEXT) || "
    "'%'))";

bool used(Tx& s, const std::string& ownUses, const std::string& id, const std::string& importId,
          int ownPairs) {
    std::vector<SqlValue> params;
    for (int i = 0; i < ownPairs; ++i) {
        params.push_back(id);
        params.push_back(importId);
    }
    for (const auto& v : std::vector<std::string>{importId, id, id})
        params.push_back(v);
    return sqlCount(s, "SELECT " + ownUses + " + " + kSharedUses, params) > 0;
}

} // namespace

bool TaxonomyStore::categoryInUse(const std::string& id, const std::string& importId) {
    return used(_s,
                "(SELECT COUNT(*) FROM entries e "
                "WHERE e.category_id = ? AND COALESCE(e.import_id, '') <> ?) + "
                "(SELECT COUNT(*) FROM trades t JOIN entries e ON e.id = t.entry_id "
                "WHERE t.category_id = ? AND COALESCE(e.import_id, '') <> ?) + "
                "(SELECT COUNT(*) FROM budget_categories bc JOIN budgets b ON b.id = bc.budget_id "
                "WHERE bc.category_id = ? AND COALESCE(b.import_id, '') <> ?) + "
                "(SELECT COUNT(*) FROM categories WHERE parent_id = ? AND "
                "COALESCE(import_id, '') <> ?)",
                id, importId, 4);
}

bool TaxonomyStore::tagInUse(const std::string& id, const std::string& importId) {
    return used(_s,
                "(SELECT COUNT(*) FROM transaction_tags tt JOIN entries e ON e.id = tt.entry_id "
                "WHERE tt.tag_id = ? AND COALESCE(e.import_id, '') <> ?)",
                id, importId, 1);
}

bool TaxonomyStore::merchantInUse(const std::string& id, const std::string& importId) {
    return used(_s,
                "(SELECT COUNT(*) FROM entries e "
                "WHERE e.merchant_id = ? AND COALESCE(e.import_id, '') <> ?) + "
                "(SELECT COUNT(*) FROM recurring_transactions WHERE merchant_id = ? AND "
                "COALESCE(import_id, '') <> ?)",
                id, importId, 2);
}

void TaxonomyStore::deleteCategory(const std::string& id) {
    sqlExec(_s, "UPDATE categories SET parent_id = NULL WHERE parent_id = ?", {id});
    sqlExec(_s, "UPDATE entries SET category_id = NULL WHERE category_id = ?", {id});
    sqlExec(_s, "DELETE FROM categories WHERE id = ?", {id});
}

void TaxonomyStore::deleteTag(const std::string& id) {
    sqlExec(_s, "DELETE FROM transaction_tags WHERE tag_id = ?", {id});
    sqlExec(_s, "DELETE FROM tags WHERE id = ?", {id});
}

} // namespace finimport::store
