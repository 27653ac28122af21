#pragma once
// Reads of a family's accounts, categories, merchants and tags for the read API
// (docs/read-api.md §2, §4, §5, §6). Every query names the family: another family's record is
// not found, exactly like one that does not exist (docs/read-api.md §1.2).

#include "store/Listing.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace finimport::store {

class Database;

struct AccountView {
    std::string id, name, currency, status;
    std::optional<std::string> accountType, subtype, institutionName, institutionDomain;
    int64_t balance = 0, cashBalance = 0; // scaled 10^8 (docs/read-api.md §2.1)
    int64_t createdAt = 0, updatedAt = 0;
};

struct AccountListFilter {
    std::string familyId;
    bool includeDisabled = false; // false: active and draft only
};

struct CategoryView {
    std::string id, name, color, icon;
    std::optional<std::string> parentId, parentName;
    int64_t subcategoriesCount = 0;
    int64_t createdAt = 0, updatedAt = 0;
};

struct CategoryListFilter {
    std::string familyId;
    bool rootsOnly = false;
    std::optional<std::string> parentId; // lower-case UUID
};

// Merchants and tags: `color` is a tag's (merchants have none here).
struct NamedView {
    std::string id, name, color;
    int64_t createdAt = 0, updatedAt = 0;
};

// Lists are ordered by name bytes, then id (docs/read-api.md §1.6). Counts and pages read from
// the read pool like the other listings (Database::readReplica); single records from the primary,
// so a record just written reads back.
class LedgerReads {
public:
    static const Listing<AccountListFilter, AccountView> accounts;
    static const Listing<CategoryListFilter, CategoryView> categories;

    static std::optional<AccountView> account(Database& db, const std::string& familyId,
                                              const std::string& id, bool includeDisabled);

    static std::optional<CategoryView> category(Database& db, const std::string& familyId,
                                                const std::string& id);

    static std::vector<NamedView> merchants(Database& db, const std::string& familyId);
    static std::optional<NamedView> merchant(Database& db, const std::string& familyId,
                                             const std::string& id);
    static std::vector<NamedView> tags(Database& db, const std::string& familyId);
    static std::optional<NamedView> tag(Database& db, const std::string& familyId,
                                        const std::string& id);
};

} // namespace finimport::store
