#include "app/imports/Mappings.h"

#include "domain/Text.h"
#include "domain/TextFormats.h"
#include "store/AccountStore.h"
#include "store/NamedRecords.h"

#include <map>
#include <set>

namespace finimport::app {

std::optional<std::string> accountTypeFor(const std::string& value) {
    static const std::map<std::string, std::string> table = {{"depository", "Depository"},
                                                             {"checking", "Depository"},
                                                             {"savings", "Depository"},
                                                             {"bank", "Depository"},
                                                             {"cash", "Depository"},
                                                             {"current", "Depository"},
                                                             {"credit_card", "CreditCard"},
                                                             {"creditcard", "CreditCard"},
                                                             {"credit", "CreditCard"},
                                                             {"investment", "Investment"},
                                                             {"brokerage", "Investment"},
                                                             {"retirement", "Investment"},
                                                             {"401k", "Investment"},
                                                             {"ira", "Investment"},
                                                             {"pension", "Investment"},
                                                             {"crypto", "Crypto"},
                                                             {"cryptocurrency", "Crypto"},
                                                             {"wallet", "Crypto"},
                                                             {"property", "Property"},
                                                             {"real_estate", "Property"},
                                                             {"house", "Property"},
                                                             {"home", "Property"},
                                                             {"vehicle", "Vehicle"},
                                                             {"car", "Vehicle"},
                                                             {"loan", "Loan"},
                                                             {"mortgage", "Loan"},
                                                             {"student_loan", "Loan"},
                                                             {"other_asset", "OtherAsset"},
                                                             {"otherasset", "OtherAsset"},
                                                             {"other_liability", "OtherLiability"},
                                                             {"otherliability", "OtherLiability"}};
    auto it = table.find(domain::normalizeHeader(value));
    if (it == table.end()) return std::nullopt;
    return it->second;
}

std::string categoryLeaf(const std::string& key) {
    auto colon = key.find(':');
    std::string leaf = colon == std::string::npos ? key : key.substr(colon + 1);
    auto b = leaf.find_first_not_of(" \t"), e = leaf.find_last_not_of(" \t");
    return b == std::string::npos ? "" : leaf.substr(b, e - b + 1);
}

bool mappingAssigned(const store::MappingRecord& m) {
    if (m.kind == kAccountTypeMapping) return m.value.has_value() && !m.value->empty();
    return m.mappableId.has_value() || (m.createWhenEmpty && !m.key.empty());
}

namespace {

// The field's text, "" when absent or null, without a copy.
std::string_view fieldView(const rows::Fields& row, std::string_view name) {
    const auto* v = row.get(name);
    return v && *v ? std::string_view(**v) : std::string_view();
}

void addKey(MappingKeys& keys, std::string_view kind, std::string_view key) {
    if (domain::isBlank(key)) return;
    auto it = keys.find(kind);
    if (it == keys.end()) it = keys.emplace(std::string(kind), MappingKeys::mapped_type()).first;
    if (it->second.find(key) == it->second.end()) it->second.emplace(key);
}

} // namespace

void collectMappingKeys(const store::ImportRecord& import, const ImportTypeTraits& traits,
                        const rows::Fields& row, MappingKeys& keys) {
    if (traits.categoryMapping) addKey(keys, kCategoryMapping, fieldView(row, "category"));
    if (traits.tagMapping) {
        const std::string_view tags = fieldView(row, "tags");
        if (!domain::isBlank(tags))
            for (const auto& tag : domain::splitTags(tags))
                addKey(keys, kTagMapping, tag);
    }
    // Statement entries (docs/decisions.md D58) map their statement's account like QIF sections.
    if ((traits.accountMapping || row.get("statement_id")) && !import.accountId)
        addKey(keys, kAccountMapping, fieldView(row, "account"));
    if (traits.accountTypeMapping) addKey(keys, kAccountTypeMapping, fieldView(row, "entity_type"));
}

void syncMappings(store::Tx& s, const store::ImportRecord& import, const ImportTypeTraits& traits,
                  const std::vector<rows::Fields>& rows) {
    MappingKeys keys;
    for (const auto& row : rows)
        collectMappingKeys(import, traits, row, keys);
    syncMappingKeys(s, import, keys);
}

void syncMappingKeys(store::Tx& s, const store::ImportRecord& import, MappingKeys& keys) {
    store::ImportStore imports(s);
    std::map<std::pair<std::string, std::string>, store::MappingRecord> existing;
    for (auto& m : imports.mappings(import.id))
        existing[{m.kind, m.key}] = m;
    for (auto& [kindKey, m] : existing)
        if (!keys[kindKey.first].count(kindKey.second)) imports.deleteMapping(m.id);

    for (const auto& [kind, set] : keys) {
        for (const auto& key : set) {
            auto it = existing.find({kind, key});
            upsertMappingKey(s, import, kind, key, it == existing.end() ? nullptr : &it->second);
        }
    }
}

void upsertMappingKey(store::Tx& s, const store::ImportRecord& import, const std::string& kind,
                      const std::string& key, const store::MappingRecord* existing) {
    store::MappingRecord m;
    if (existing) m = *existing;
    m.importId = import.id;
    m.kind = kind;
    m.key = key;
    if (kind == kAccountTypeMapping) {
        if (!m.value) m.value = accountTypeFor(key);
        m.createWhenEmpty = false;
    } else if (!m.mappableId) {
        if (kind == kCategoryMapping)
            m.mappableId = store::idByName(s, store::NamedTable::Categories, import.familyId,
                                           categoryLeaf(key));
        else if (kind == kTagMapping)
            m.mappableId = store::idByName(s, store::NamedTable::Tags, import.familyId, key);
        else if (kind == kAccountMapping)
            m.mappableId = store::idByName(s, store::NamedTable::Accounts, import.familyId, key);
        m.createWhenEmpty = !m.mappableId;
    }
    store::ImportStore(s).upsertMapping(m);
}

} // namespace finimport::app
