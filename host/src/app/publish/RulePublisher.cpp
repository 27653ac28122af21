// RuleImport publish (docs/imports.md §6.9): per row, resource type and JSON checked, then an
// upsert by (name, resource_type) (nameless rules are always new). Category and merchant
// operands, tag conditions, and the values of the set_transaction_* actions, are names mapped
// to family ids, created when missing (an id of the family's own record stays as it is).
#include "app/publish/RuleJson.h"
#include "app/publish/TypePublishers.h"
#include "app/rules/ReplacedBodies.h"
#include "domain/TextFormats.h"
#include "store/NamedRecords.h"
#include "store/RuleStore.h"
#include "store/TaxonomyStore.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <functional>
#include <sstream>
#include <stdexcept>

namespace finimport::app {

namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

class NameMapper {
public:
    explicit NameMapper(PublishContext& ctx) : _ctx(ctx), _taxonomy(ctx.session) {}

    // A value that is the id of this family's record stays; anything else is a name within
    // the family (an id of another family's record is just text here).
    std::string category(const std::string& name) {
        if (ownId(store::NamedTable::Categories, name)) return name;
        if (auto c = _taxonomy.categoryByName(_ctx.import.familyId, name)) return c->id;
        store::CategoryRow c; // #737373 / shapes by default
        c.familyId = _ctx.import.familyId;
        c.name = name;
        c.importId = _ctx.import.id;
        _taxonomy.insertCategory(c);
        _ctx.created("Category", c.id);
        return c.id;
    }
    std::string merchant(const std::string& name) {
        if (ownId(store::NamedTable::Merchants, name)) return name;
        if (auto m = _taxonomy.merchantByName(_ctx.import.familyId, name)) return m->id;
        store::MerchantRow m;
        m.familyId = _ctx.import.familyId;
        m.name = name;
        m.importId = _ctx.import.id;
        _taxonomy.insertMerchant(m);
        _ctx.created("Merchant", m.id);
        return m.id;
    }
    std::string tag(const std::string& name) {
        if (ownId(store::NamedTable::Tags, name)) return name;
        if (auto t = _taxonomy.tagByName(_ctx.import.familyId, name)) return t->id;
        store::TagRow t;
        t.familyId = _ctx.import.familyId;
        t.name = name;
        t.importId = _ctx.import.id;
        _taxonomy.insertTag(t);
        _ctx.created("Tag", t.id);
        return t.id;
    }

private:
    bool ownId(store::NamedTable table, const std::string& value) {
        return store::idInFamily(_ctx.session, table, value, _ctx.import.familyId);
    }

    PublishContext& _ctx;
    store::TaxonomyStore _taxonomy;
};

// A name operand → id (arrays element-wise); blank or null values stay as they are.
Var mapValue(const Var& value, const std::function<std::string(const std::string&)>& toId) {
    if (value.type() == typeid(Array::Ptr)) {
        auto in = value.extract<Array::Ptr>();
        Array::Ptr out = new Array;
        for (size_t i = 0; i < in->size(); ++i)
            out->add(mapValue(in->get(unsigned(i)), toId));
        return out;
    }
    if (value.isEmpty()) return value;
    std::string name = value.convert<std::string>();
    if (name.find_first_not_of(" \t") == std::string::npos) return value;
    return toId(name);
}

Var valueOf(const Object::Ptr& o) {
    return o->has("value") ? o->get("value") : Var();
}

Object::Ptr condition(const Object::Ptr& in, NameMapper& names) {
    Object::Ptr out = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    const std::string type = in->getValue<std::string>("condition_type");
    out->set("condition_type", type);
    out->set("operator", in->getValue<std::string>("operator"));
    Var value = valueOf(in);
    if (type == "transaction_category")
        value = mapValue(value, [&](const std::string& n) { return names.category(n); });
    else if (type == "transaction_merchant")
        value = mapValue(value, [&](const std::string& n) { return names.merchant(n); });
    else if (type == "transaction_tag")
        value = mapValue(value, [&](const std::string& n) { return names.tag(n); });
    out->set("value", value);
    if (type == "compound") {
        Array::Ptr subs = new Array;
        auto in_subs = in->getArray("sub_conditions");
        for (size_t i = 0; i < in_subs->size(); ++i)
            subs->add(condition(in_subs->getObject(unsigned(i)), names));
        out->set("sub_conditions", subs);
    }
    return out;
}

Object::Ptr action(const Object::Ptr& in, NameMapper& names) {
    Object::Ptr out = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    const std::string type = in->getValue<std::string>("action_type");
    out->set("action_type", type);
    Var value = valueOf(in);
    if (type == "set_transaction_category")
        value = mapValue(value, [&](const std::string& n) { return names.category(n); });
    else if (type == "set_transaction_merchant")
        value = mapValue(value, [&](const std::string& n) { return names.merchant(n); });
    else if (type == "set_transaction_tags")
        value = mapValue(value, [&](const std::string& n) { return names.tag(n); });
    out->set("value", value);
    return out;
}

std::string stringify(const Array::Ptr& a) {
    std::ostringstream out;
    a->stringify(out);
    return out.str();
}

} // namespace

void publishRules(PublishContext& ctx) {
    NameMapper names(ctx);
    for (const auto& row : ctx.rows) {
        if (row.kind != "rule") continue;
        const std::string resourceType = fieldText(row.fields, "resource_type");
        if (resourceType != "transaction")
            throw std::runtime_error("Unsupported resource type: " + resourceType);
        Var conditionsIn = decodeRuleJson(fieldText(row.fields, "conditions"));
        Var actionsIn = decodeRuleJson(fieldText(row.fields, "actions"));
        checkActions(actionsIn);
        checkConditions(conditionsIn);

        Array::Ptr conditions = new Array, actions = new Array;
        auto cin = conditionsIn.extract<Array::Ptr>();
        for (size_t i = 0; i < cin->size(); ++i)
            conditions->add(condition(cin->getObject(unsigned(i)), names));
        auto ain = actionsIn.extract<Array::Ptr>();
        for (size_t i = 0; i < ain->size(); ++i)
            actions->add(action(ain->getObject(unsigned(i)), names));

        const std::string name = fieldText(row.fields, "name");
        const bool active = fieldText(row.fields, "active") == "true";
        std::optional<std::string> effective;
        if (auto d = domain::parseDate(fieldText(row.fields, "effective_date"), "%Y-%m-%d"))
            effective = domain::formatIsoDate(*d);
        store::RuleRow rule;
        rule.familyId = ctx.import.familyId;
        if (!name.empty()) rule.name = name;
        rule.resourceType = resourceType;
        rule.active = active;
        rule.effectiveDate = effective;
        rule.conditions = stringify(conditions);
        rule.actions = stringify(actions);
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
