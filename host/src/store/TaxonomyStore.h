#pragma once
// Family-level taxonomy: categories, tags, merchants.

#include "store/Tx.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace finimport::store {

struct CategoryRow {
    std::string id, familyId, name;
    std::optional<std::string> parentId;
    std::string color = "#737373", icon = "shapes", classification = "expense";
    std::optional<std::string> importId;
};

struct TagRow {
    std::string id, familyId, name, color = "#e99537";
    std::optional<std::string> importId;
};

struct MerchantRow {
    std::string id, familyId, name;
    std::optional<std::string> color, websiteUrl, logoUrl, importId;
};

class TaxonomyStore {
public:
    explicit TaxonomyStore(Tx& s) : _s(s) {}

    std::optional<CategoryRow> categoryByName(const std::string& familyId, const std::string& name);
    std::optional<CategoryRow> categoryById(const std::string& familyId, const std::string& id);
    void insertCategory(CategoryRow& c);
    void updateCategory(const CategoryRow& c);

    std::optional<TagRow> tagByName(const std::string& familyId, const std::string& name);
    void insertTag(TagRow& t);

    std::optional<MerchantRow> merchantByName(const std::string& familyId, const std::string& name);
    std::optional<MerchantRow> merchantById(const std::string& familyId, const std::string& id);
    void insertMerchant(MerchantRow& m);

    // Revert (docs/decisions.md D20, D64, D74): which of `ids` something outside `importId`
    // references (its records, rules, budgets, recurring transactions, child categories; another
    // import's mappings are no use). A few statements for all the ids, not a scan each.
    std::set<std::string> categoriesInUse(const std::vector<std::string>& ids,
                                          const std::string& importId);
    std::set<std::string> tagsInUse(const std::vector<std::string>& ids,
                                    const std::string& importId);
    std::set<std::string> merchantsInUse(const std::vector<std::string>& ids,
                                         const std::string& importId);
    // Which of `ids` a budget of any import plans (a backup import's revert keeps those).
    std::set<std::string> categoriesBudgeted(const std::vector<std::string>& ids);
    // Deletes the records and every reference to them (parent links, transactions' categories
    // and merchants, tags of transactions).
    void deleteCategories(const std::vector<std::string>& ids);
    void deleteTags(const std::vector<std::string>& ids);
    void deleteMerchants(const std::vector<std::string>& ids);

private:
    Tx& _s;
};

} // namespace finimport::store
