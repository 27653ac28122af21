#pragma once
// Resolves row values through the import's mappings at publish, creating the records that
// mappings marked create-when-empty (docs/imports.md §4.4, §12.1, docs/decisions.md D9).

#include "app/publish/PublishContext.h"
#include "store/AccountStore.h"
#include "store/ImportStore.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

class MappingResolver {
public:
    explicit MappingResolver(PublishContext& ctx);

    std::optional<std::string> category(const std::string& key);
    std::vector<std::string> tags(const std::string& tagsCell);
    // The import's account when set; else the mapped (or created) account named `key`.
    // A created account is of `accountType` (docs/decisions.md D9: depository; D58: the statement's
    // kind).
    // Null when the row names no account; else valid while the resolver lives.
    const store::AccountRow* account(const std::string& key, const std::string& currency,
                                     const std::string& accountType = "depository");
    // "Depository", "CreditCard", … or nullopt.
    std::optional<std::string> accountType(const std::string& key);

private:
    const store::MappingRecord* find(const char* kind, const std::string& key) const;
    std::string findOrCreateCategory(const std::string& name,
                                     const std::optional<std::string>& parent);

    PublishContext& _ctx;
    std::vector<store::MappingRecord> _mappings;
    std::map<std::string, std::string> _categoryIds, _tagIds;
    std::map<std::string, store::AccountRow> _accounts;
    std::optional<store::AccountRow> _importAccount;
};

} // namespace finimport::app
