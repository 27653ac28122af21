// RecordWriter: Rule records. Category/merchant/tag operands are names (or value_ref names)
// mapped to family records, created when missing (those count as implicit, docs/decisions.md D19).
#include "app/backup/RecordWriter.h"

#include "domain/Uuid.h"
#include "store/NamedRecords.h"
#include "store/RuleStore.h"
#include "store/TaxonomyStore.h"

#include <Poco/JSON/Array.h>

#include <sstream>

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

std::string stringify(const Poco::Dynamic::Var& v) {
    std::ostringstream out;
    Poco::JSON::Stringifier::stringify(v, out);
    return out.str();
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
    if (table == "categories") {
        store::CategoryRow c;
        c.familyId = _import.familyId;
        c.name = name;
        c.importId = _import.id;
        taxonomy.insertCategory(c);
        created("Category", c.id);
        return c.id;
    }
    if (table == "tags") {
        store::TagRow t;
        t.familyId = _import.familyId;
        t.name = name;
        t.importId = _import.id;
        taxonomy.insertTag(t);
        created("Tag", t.id);
        return t.id;
    }
    store::MerchantRow m;
    m.familyId = _import.familyId;
    m.name = name;
    m.color = "#e99537";
    m.importId = _import.id;
    taxonomy.insertMerchant(m);
    created("Merchant", m.id);
    return m.id;
}

void RecordWriter::rules(const BackupRecord& r) {
    auto conditions = r.data->has("conditions") &&
                              r.data->get("conditions").type() == typeid(Poco::JSON::Array::Ptr)
                          ? r.data->getArray("conditions")
                          : Poco::JSON::Array::Ptr(new Poco::JSON::Array);
    auto actions =
        r.data->has("actions") && r.data->get("actions").type() == typeid(Poco::JSON::Array::Ptr)
            ? r.data->getArray("actions")
            : Poco::JSON::Array::Ptr(new Poco::JSON::Array);
    if (actions->size() == 0) fail(r, "must have at least one action.");
    std::string resourceType = presentText(r.data, "resource_type").value_or("transaction");
    if (resourceType != "transaction")
        fail(r, "has an unsupported resource type \"" + resourceType + "\".");

    // One operand object (condition or action) with its value resolved; recursive for compounds.
    std::function<Poco::JSON::Object::Ptr(const Poco::JSON::Object::Ptr&, const char*)> resolve =
        [&](const Poco::JSON::Object::Ptr& in, const char* typeKey) {
            Poco::JSON::Object::Ptr out = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
            for (const auto& [key, value] : *in)
                if (key != "value_ref") out->set(key, value);
            std::string type = textOf(in, typeKey).value_or("");
            if (in->has("sub_conditions") &&
                in->get("sub_conditions").type() == typeid(Poco::JSON::Array::Ptr)) {
                Poco::JSON::Array::Ptr subs = new Poco::JSON::Array;
                auto src = in->getArray("sub_conditions");
                for (size_t i = 0; i < src->size(); ++i)
                    if (auto sub = src->getObject(static_cast<unsigned>(i)))
                        subs->add(resolve(sub, typeKey));
                out->set("sub_conditions", subs);
            }
            auto kind = operandKind(type);
            if (!kind) return out;
            std::string value = presentText(in, "value").value_or("");
            JsonObject ref;
            if (in->has("value_ref") &&
                in->get("value_ref").type() == typeid(Poco::JSON::Object::Ptr))
                ref = in->getObject("value_ref");
            const auto& sourceMap = std::string(kind->table) == "categories" ? _categories
                                    : std::string(kind->table) == "tags"     ? _tags
                                                                             : _merchants;
            if (auto it = sourceMap.find(value); !value.empty() && it != sourceMap.end()) {
                out->set("value", it->second);
                return out;
            }
            std::string name = value;
            if ((value.empty() || domain::isUuid(value)) && ref && presentText(ref, "name"))
                name = *presentText(ref, "name");
            if (name.empty()) return out;
            bool made = false;
            out->set("value", taxonomyId(kind->table, name, made));
            if (made) ++_implicit[kind->countKey];
            return out;
        };
    Poco::JSON::Array::Ptr storedConditions = new Poco::JSON::Array,
                           storedActions = new Poco::JSON::Array;
    for (size_t i = 0; i < conditions->size(); ++i)
        if (auto c = conditions->getObject(static_cast<unsigned>(i)))
            storedConditions->add(resolve(c, "condition_type"));
    for (size_t i = 0; i < actions->size(); ++i)
        if (auto a = actions->getObject(static_cast<unsigned>(i)))
            storedActions->add(resolve(a, "action_type"));

    auto effective = lenientDateOf(r.data, "effective_date");
    store::RuleRow rule;
    rule.familyId = _import.familyId;
    rule.name = textOf(r.data, "name");
    rule.resourceType = resourceType;
    rule.active = truthyOf(r.data, "active");
    if (effective) rule.effectiveDate = effective->iso();
    rule.conditions = stringify(storedConditions);
    rule.actions = stringify(storedActions);
    rule.importId = _import.id;
    const std::string id = store::insertRule(_s, rule);
    created("Rule", id);
    if (auto source = presentText(r.data, "id")) _rules[*source] = id;
}

} // namespace finimport::app::backup
