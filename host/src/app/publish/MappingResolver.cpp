#include "app/publish/MappingResolver.h"

#include "app/imports/Mappings.h"
#include "app/publish/CategoryStyle.h"
#include "domain/TextFormats.h"
#include "store/TaxonomyStore.h"

#include <stdexcept>

namespace finimport::app {

namespace {

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

} // namespace

MappingResolver::MappingResolver(PublishContext& ctx) : _ctx(ctx) {
    _mappings = store::ImportStore(ctx.session).mappings(ctx.import.id);
    if (ctx.import.accountId) {
        _importAccount =
            store::AccountStore(ctx.session).byId(ctx.import.familyId, *ctx.import.accountId);
        if (!_importAccount) throw std::runtime_error("The import's account no longer exists");
    }
}

const store::MappingRecord* MappingResolver::find(const char* kind, const std::string& key) const {
    for (const auto& m : _mappings)
        if (m.kind == kind && m.key == key) return &m;
    return nullptr;
}

std::string MappingResolver::findOrCreateCategory(const std::string& name,
                                                  const std::optional<std::string>& parent) {
    store::TaxonomyStore taxonomy(_ctx.session);
    if (auto existing = taxonomy.categoryByName(_ctx.import.familyId, name)) return existing->id;
    store::CategoryRow c;
    c.familyId = _ctx.import.familyId;
    c.name = name;
    c.parentId = parent;
    c.color = parent ? taxonomy.categoryById(_ctx.import.familyId, *parent)->color
                     : paletteColorFor(name);
    c.icon = suggestedIcon(name);
    c.importId = _ctx.import.id;
    taxonomy.insertCategory(c);
    _ctx.created("Category", c.id);
    return c.id;
}

std::optional<std::string> MappingResolver::category(const std::string& key) {
    if (trim(key).empty()) return std::nullopt;
    if (auto it = _categoryIds.find(key); it != _categoryIds.end()) return it->second;
    const auto* m = find(kCategoryMapping, key);
    std::optional<std::string> id;
    if (m && m->mappableId &&
        store::TaxonomyStore(_ctx.session).categoryById(_ctx.import.familyId, *m->mappableId)) {
        id = m->mappableId;
    } else if (!m || m->createWhenEmpty) {
        auto colon = key.find(':');
        if (colon == std::string::npos) {
            id = findOrCreateCategory(trim(key), std::nullopt);
        } else {
            std::string parentName = trim(key.substr(0, colon)),
                        child = trim(key.substr(colon + 1));
            std::string parentId = findOrCreateCategory(parentName, std::nullopt);
            if (auto p =
                    store::TaxonomyStore(_ctx.session).categoryById(_ctx.import.familyId, parentId);
                p && p->parentId)
                throw std::runtime_error("Category '" + parentName +
                                         "' is a subcategory and cannot have children");
            id = child.empty() ? parentId : findOrCreateCategory(child, parentId);
        }
    }
    if (id) _categoryIds[key] = *id;
    return id;
}

std::vector<std::string> MappingResolver::tags(const std::string& tagsCell) {
    std::vector<std::string> ids;
    for (const auto& raw : domain::splitTags(tagsCell)) {
        std::string name = trim(raw);
        if (name.empty()) continue;
        if (auto it = _tagIds.find(name); it != _tagIds.end()) {
            ids.push_back(it->second);
            continue;
        }
        store::TaxonomyStore taxonomy(_ctx.session);
        std::string id;
        if (auto existing = taxonomy.tagByName(_ctx.import.familyId, name)) {
            id = existing->id;
        } else {
            store::TagRow t;
            t.familyId = _ctx.import.familyId;
            t.name = name;
            t.importId = _ctx.import.id;
            taxonomy.insertTag(t);
            _ctx.created("Tag", t.id);
            id = t.id;
        }
        _tagIds[name] = id;
        ids.push_back(id);
    }
    return ids;
}

const store::AccountRow* MappingResolver::account(const std::string& key,
                                                  const std::string& currency,
                                                  const std::string& accountType) {
    if (_importAccount) return &*_importAccount;
    std::string name = trim(key);
    if (name.empty()) return nullptr;
    if (auto it = _accounts.find(name); it != _accounts.end()) return &it->second;
    store::AccountStore accounts(_ctx.session);
    std::optional<store::AccountRow> account = accounts.byName(_ctx.import.familyId, name);
    if (!account) {
        // docs/decisions.md D9: created by mapping as depository in the row's currency, else the
        // family's.
        store::AccountRow a;
        a.familyId = _ctx.import.familyId;
        a.name = name;
        a.accountType = accountType;
        a.currency = currency.empty() ? _ctx.family.currency : currency;
        a.importId = _ctx.import.id;
        accounts.insert(a);
        _ctx.created("Account", a.id);
        account = a;
    }
    return &(_accounts[name] = *account);
}

std::optional<std::string> MappingResolver::accountType(const std::string& key) {
    const auto* m = find(kAccountTypeMapping, key);
    if (m && m->value && !m->value->empty()) return m->value;
    return accountTypeFor(key);
}

} // namespace finimport::app
