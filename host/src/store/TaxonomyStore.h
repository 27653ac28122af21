#pragma once
// Family-level taxonomy: categories, tags, merchants.

#include "store/Tx.h"

#include <optional>
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

    // Is the record referenced by something outside `importId` (its records, rules, budgets,
    // recurring transactions, another import's mappings)? Revert keeps those (docs/decisions.md
    // D20, D64).
    bool categoryInUse(const std::string& id, const std::string& importId);
    bool tagInUse(const std::string& id, const std::string& importId);
    bool merchantInUse(const std::string& id, const std::string& importId);
    void deleteCategory(const std::string& id);
    void deleteTag(const std::string& id);

private:
    Tx& _s;
};

} // namespace finimport::store
