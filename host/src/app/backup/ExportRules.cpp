// The exporter's Rule lines: `version: 1`, category/merchant/tag operand ids replaced by
// names with a `value_ref {type, id, name}` (docs/imports.md §6.12).
#include "app/backup/ExportLines.h"
#include "store/BackupExportQueries.h"
#include "store/NamedRecords.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <functional>

namespace finimport::app::exporting {

namespace {

// Operand ids of category/merchant/tag conditions and actions become names plus value_ref.
// Ids resolve within the family `f` only: a foreign id stays a bare value.
Poco::Dynamic::Var withRefs(store::Tx& s, const std::string& f, const std::string& json,
                            const char* typeKey) {
    Poco::JSON::Array::Ptr in;
    try {
        in = Poco::JSON::Parser().parse(json).extract<Poco::JSON::Array::Ptr>();
    } catch (const std::exception&) {
        return Poco::JSON::Array::Ptr(new Poco::JSON::Array);
    }
    std::function<Poco::JSON::Object::Ptr(const Poco::JSON::Object::Ptr&)> convert =
        [&](const Poco::JSON::Object::Ptr& o) {
            Poco::JSON::Object::Ptr out = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
            for (const auto& [k, v] : *o)
                out->set(k, v);
            std::string type = o->optValue<std::string>(typeKey, "");
            std::optional<store::NamedTable> table;
            const char* refType = nullptr;
            if (type == "transaction_category" || type == "set_transaction_category")
                table = store::NamedTable::Categories, refType = "Category";
            if (type == "transaction_merchant" || type == "set_transaction_merchant")
                table = store::NamedTable::Merchants, refType = "Merchant";
            if (type == "transaction_tag" || type == "set_transaction_tags")
                table = store::NamedTable::Tags, refType = "Tag";
            if (table && o->has("value") && o->get("value").isString()) {
                std::string id = o->getValue<std::string>("value");
                if (auto name = store::nameInFamily(s, *table, id, f)) {
                    out->set("value", *name);
                    Poco::JSON::Object::Ptr ref =
                        new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
                    ref->set("type", std::string(refType));
                    ref->set("id", id);
                    ref->set("name", *name);
                    out->set("value_ref", ref);
                }
            }
            if (o->has("sub_conditions") &&
                o->get("sub_conditions").type() == typeid(Poco::JSON::Array::Ptr)) {
                Poco::JSON::Array::Ptr subs = new Poco::JSON::Array;
                auto src = o->getArray("sub_conditions");
                for (size_t i = 0; i < src->size(); ++i)
                    if (auto sub = src->getObject(static_cast<unsigned>(i)))
                        subs->add(convert(sub));
                out->set("sub_conditions", subs);
            }
            return out;
        };
    Poco::JSON::Array::Ptr out = new Poco::JSON::Array;
    for (size_t i = 0; i < in->size(); ++i)
        if (auto o = in->getObject(static_cast<unsigned>(i))) out->add(convert(o));
    return out;
}

} // namespace

void rules(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportRules(s, f)) {
        Data d;
        d.text("id", r, 0).text("name", r, 1).text("resource_type", r, 2).boolean("active", r, 3);
        d.text("effective_date", r, 4);
        d.value("conditions", withRefs(s, f, r.str(5), "condition_type"));
        d.value("actions", withRefs(s, f, r.str(6), "action_type"));
        w.write("Rule", d.object(), true);
    }
}

} // namespace finimport::app::exporting
