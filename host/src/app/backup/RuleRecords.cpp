// RecordWriter: Rule records. Category/merchant/tag operands are names (or value_ref names)
// mapped to family records, created when missing (those count as implicit, docs/decisions.md D19).
#include "app/backup/RecordWriter.h"

#include "domain/Json.h"
#include "domain/Uuid.h"
#include "store/NamedRecords.h"
#include "store/RuleStore.h"
#include "store/TaxonomyStore.h"

#include <functional>

namespace finimport::app::backup {

namespace {

struct OperandKind {
    const char* table;
    const char* countKey;
};

std::optional<OperandKind> operandKind(const std::string& type) {
    if (type == "transaction_category" || type == "set_transaction_category")
        return OperandKind{"categories", "categories"};
    if (type == "transaction_merchant" || type == "set_transaction_merchant")
        return OperandKind{"merchants", "merchants"};
    if (type == "transaction_tag" || type == "set_transaction_tags")
        return OperandKind{"tags", "tags"};
    return std::nullopt;
}

} // namespace

std::string RecordWriter::taxonomyId(const std::string& table, const std::string& name,
                                     bool& made) {
    made = false;
    const store::NamedTable named = table == "categories" ? store::NamedTable::Categories
                                    : table == "tags"     ? store::NamedTable::Tags
                                                          : store::NamedTable::Merchants;
    if (auto id = store::idByName(_s, named, _import.familyId, name)) return *id;
    made = true;
    store::TaxonomyStore taxonomy(_s);
    // The record named, of this family and this import, stored by `insert` and noted as created.
    auto add = [&](auto row, const char* type, auto insert) {
        row.familyId = _import.familyId;
        row.name = name;
        row.importId = _import.id;
        insert(row);
        created(type, row.id);
        return row.id;
    };
    if (table == "categories")
        return add(store::CategoryRow{}, "Category",
                   [&](store::CategoryRow& c) { taxonomy.insertCategory(c); });
    if (table == "tags")
        return add(store::TagRow{}, "Tag", [&](store::TagRow& t) { taxonomy.insertTag(t); });
    store::MerchantRow merchant;
    merchant.color = "#e99537";
    return add(merchant, "Merchant", [&](store::MerchantRow& m) { taxonomy.insertMerchant(m); });
}

void RecordWriter::rules(const BackupRecord& r) {
    auto conditions = arrayOf(r.data, "conditions");
    auto actions = arrayOf(r.data, "actions");
    if (sizeOf(actions) == 0) fail(r, "must have at least one action.");
    std::string resourceType = presentText(r.data, "resource_type").value_or("transaction");
    if (resourceType != "transaction")
        fail(r, "has an unsupported resource type \"" + resourceType + "\".");

    // One operand object (condition or action) with its value resolved; recursive for compounds.
    // Values are copied as read (numbers keep their exact text).
    std::function<JsonValue(const JsonObject&, const char*)> resolve = [&](const JsonObject& in,
                                                                           const char* typeKey) {
        JsonValue out = JsonValue::makeObject();
        for (std::size_t i = 0; i < in->keys().size(); ++i)
            if (in->keys()[i] != "value_ref") out.set(in->keys()[i], in->items()[i]);
        std::string type = textOf(in, typeKey).value_or("");
        if (auto src = arrayOf(in, "sub_conditions")) {
            JsonValue subs = JsonValue::makeArray();
            for (std::size_t i = 0; i < sizeOf(src); ++i)
                if (auto sub = elementOf(src, i)) subs.push(resolve(sub, typeKey));
            out.set("sub_conditions", std::move(subs));
        }
        auto kind = operandKind(type);
        if (!kind) return out;
        std::string value = presentText(in, "value").value_or("");
        JsonObject ref = objectOf(in, "value_ref");
        const auto& sourceMap = std::string(kind->table) == "categories" ? _categories
                                : std::string(kind->table) == "tags"     ? _tags
                                                                         : _merchants;
        if (auto it = sourceMap.find(value); !value.empty() && it != sourceMap.end()) {
            out.set("value", JsonValue::makeString(it->second));
            return out;
        }
        std::string name = value;
        if ((value.empty() || domain::isUuid(value)) && ref && presentText(ref, "name"))
            name = *presentText(ref, "name");
        if (name.empty()) return out;
        bool made = false;
        out.set("value", JsonValue::makeString(taxonomyId(kind->table, name, made)));
        if (made) ++_implicit[kind->countKey];
        return out;
    };
    JsonValue storedConditions = JsonValue::makeArray(), storedActions = JsonValue::makeArray();
    for (std::size_t i = 0; i < sizeOf(conditions); ++i)
        if (auto c = elementOf(conditions, i)) storedConditions.push(resolve(c, "condition_type"));
    for (std::size_t i = 0; i < sizeOf(actions); ++i)
        if (auto a = elementOf(actions, i)) storedActions.push(resolve(a, "action_type"));

    auto effective = lenientDateOf(r.data, "effective_date");
    store::RuleRow rule;
    rule.familyId = _import.familyId;
    rule.name = textOf(r.data, "name");
    rule.resourceType = resourceType;
    rule.active = truthyOf(r.data, "active");
    if (effective) rule.effectiveDate = effective->iso();
    rule.conditions = json::write(storedConditions);
    rule.actions = json::write(storedActions);
    rule.importId = _import.id;
    const std::string id = store::insertRule(_s, rule);
    created(r, "Rule", id, _rules);
}

} // namespace finimport::app::backup
