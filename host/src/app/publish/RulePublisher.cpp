// RuleImport publish (docs/imports.md §6.9): per row, resource type and JSON checked, then an
// upsert by (name, resource_type) (nameless rules are always new). Category and merchant
// operands, tag conditions, and the values of the set_transaction_* actions, are names mapped
// to family ids, created when missing (an id of the family's own record stays as it is).
#include "app/publish/RuleJson.h"
#include "app/publish/TypePublishers.h"
#include "app/rules/ReplacedBodies.h"
#include "domain/Json.h"
#include "domain/TextFormats.h"
#include "store/NamedRecords.h"
#include "store/RuleStore.h"
#include "store/TaxonomyStore.h"

#include <functional>
#include <stdexcept>

namespace finimport::app {

namespace {

using json::Value;

class NameMapper {
public:
    explicit NameMapper(PublishContext& ctx) : _ctx(ctx), _taxonomy(ctx.session) {}

    // A value that is the id of this family's record stays; anything else is a name within
    // the family (an id of another family's record is just text here).
    std::string category(const std::string& name) {
        if (ownId(store::NamedTable::Categories, name)) return name;
        if (auto c = _taxonomy.categoryByName(_ctx.import.familyId, name)) return c->id;
        // #737373 / shapes by default
        return add<store::CategoryRow>(name, "Category", &store::TaxonomyStore::insertCategory);
    }
    std::string merchant(const std::string& name) {
        if (ownId(store::NamedTable::Merchants, name)) return name;
        if (auto m = _taxonomy.merchantByName(_ctx.import.familyId, name)) return m->id;
        return add<store::MerchantRow>(name, "Merchant", &store::TaxonomyStore::insertMerchant);
    }
    std::string tag(const std::string& name) {
        if (ownId(store::NamedTable::Tags, name)) return name;
        if (auto t = _taxonomy.tagByName(_ctx.import.familyId, name)) return t->id;
        return add<store::TagRow>(name, "Tag", &store::TaxonomyStore::insertTag);
    }

private:
    // A new record of the family named `name`, created by this import.
    template <class Row>
    std::string add(const std::string& name, const char* type,
                    void (store::TaxonomyStore::*insert)(Row&)) {
        Row row;
        row.familyId = _ctx.import.familyId;
        row.name = name;
        row.importId = _ctx.import.id;
        (_taxonomy.*insert)(row);
        _ctx.created(type, row.id);
        return row.id;
    }

    bool ownId(store::NamedTable table, const std::string& value) {
        return store::idInFamily(_ctx.session, table, value, _ctx.import.familyId);
    }

    PublishContext& _ctx;
    store::TaxonomyStore _taxonomy;
};

// A name operand → id (arrays element-wise); blank or null values stay as they are.
Value mapValue(const Value& value, const std::function<std::string(const std::string&)>& toId) {
    if (value.isArray()) {
        Value out = Value::makeArray();
        for (const Value& item : value.items())
            out.push(mapValue(item, toId));
        return out;
    }
    if (!(value.isString() || value.isNumber() || value.isBool())) return value;
    const std::string& name = value.text();
    if (name.find_first_not_of(" \t") == std::string::npos) return value;
    return Value::makeString(toId(name));
}

Value valueOf(const Value& o) {
    const Value* v = o.find("value");
    return v ? *v : Value();
}

// A member that must be a string (the checks of RuleJson.cpp ran first).
std::string stringOf(const Value& o, const char* key) {
    const Value* v = o.find(key, Value::Kind::String);
    if (v == nullptr) throw std::runtime_error(std::string("Rule ") + key + " must be a string");
    return v->text();
}

// The `value` of a condition or action of `type`, the category, merchant or tag names it holds
// mapped to ids.
Value mappedValue(const Value& in, const std::string& type, NameMapper& names) {
    Value value = valueOf(in);
    if (type == "transaction_category" || type == "set_transaction_category")
        return mapValue(value, [&](const std::string& n) { return names.category(n); });
    if (type == "transaction_merchant" || type == "set_transaction_merchant")
        return mapValue(value, [&](const std::string& n) { return names.merchant(n); });
    if (type == "transaction_tag" || type == "set_transaction_tags")
        return mapValue(value, [&](const std::string& n) { return names.tag(n); });
    return value;
}

Value condition(const Value& in, NameMapper& names) {
    Value out = Value::makeObject();
    const std::string type = stringOf(in, "condition_type");
    out.set("condition_type", Value::makeString(type));
    out.set("operator", Value::makeString(stringOf(in, "operator")));
    out.set("value", mappedValue(in, type, names));
    if (type == "compound") {
        Value subs = Value::makeArray();
        for (const Value& sub : in.find("sub_conditions", Value::Kind::Array)->items())
            subs.push(condition(sub, names));
        out.set("sub_conditions", std::move(subs));
    }
    return out;
}

Value action(const Value& in, NameMapper& names) {
    Value out = Value::makeObject();
    const std::string type = stringOf(in, "action_type");
    out.set("action_type", Value::makeString(type));
    out.set("value", mappedValue(in, type, names));
    return out;
}

} // namespace

void publishRules(PublishContext& ctx) {
    NameMapper names(ctx);
    for (const auto& row : ctx.rows) {
        if (row.kind != "rule") continue;
        const std::string resourceType = row.fields.text("resource_type");
        if (resourceType != "transaction")
            throw std::runtime_error("Unsupported resource type: " + resourceType);
        const Value conditionsIn = decodeRuleJson(row.fields.text("conditions"));
        const Value actionsIn = decodeRuleJson(row.fields.text("actions"));
        checkActions(actionsIn);
        checkConditions(conditionsIn);

        Value conditions = Value::makeArray(), actions = Value::makeArray();
        for (const Value& c : conditionsIn.items())
            conditions.push(condition(c, names));
        for (const Value& a : actionsIn.items())
            actions.push(action(a, names));

        const std::string name = row.fields.text("name");
        const bool active = row.fields.text("active") == "true";
        std::optional<std::string> effective;
        if (auto d = domain::parseDate(row.fields.text("effective_date"), "%Y-%m-%d"))
            effective = domain::formatIsoDate(*d);
        store::RuleRow rule;
        rule.familyId = ctx.import.familyId;
        if (!name.empty()) rule.name = name;
        rule.resourceType = resourceType;
        rule.active = active;
        rule.effectiveDate = effective;
        rule.conditions = json::write(conditions);
        rule.actions = json::write(actions);
        rule.importId = ctx.import.id;
        std::optional<std::string> existing;
        if (name.find_first_not_of(" \t") != std::string::npos)
            existing = store::ruleIdByName(ctx.session, ctx.import.familyId, name, resourceType);
        if (existing) {
            // docs/rules.md §10: reverting this import gives the rule its former body back.
            rules::keepReplacedBody(ctx.session, *existing, ctx.import.id);
            store::updateRuleBody(ctx.session, *existing, rule);
            continue;
        }
        ctx.created("Rule", store::insertRule(ctx.session, rule));
    }
}

} // namespace finimport::app
