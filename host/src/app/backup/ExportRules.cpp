// The exporter's Rule lines: `version: 1`, category/merchant/tag operand ids replaced by
// names with a `value_ref {type, id, name}` (docs/imports.md §6.12).
#include "app/backup/ExportLines.h"
#include "domain/Json.h"
#include "store/BackupExportQueries.h"
#include "store/NamedRecords.h"

#include <functional>

namespace finimport::app::exporting {

namespace {

using json::Value;

// Operand ids of category/merchant/tag conditions and actions become names plus value_ref.
// Ids resolve within the family `f` only: a foreign id stays a bare value. Other values are
// written as stored (numbers with their exact text).
Value withRefs(store::Tx& s, const std::string& f, const std::string& stored, const char* typeKey) {
    auto parsed = json::parse(stored, 256);
    if (!parsed.value || !parsed.value->isArray()) return Value::makeArray();
    std::function<Value(const Value&)> convert = [&](const Value& o) {
        Value out = o;
        const Value* typeValue = o.find(typeKey, Value::Kind::String);
        const std::string type = typeValue ? typeValue->text() : "";
        std::optional<store::NamedTable> table;
        const char* refType = nullptr;
        if (type == "transaction_category" || type == "set_transaction_category")
            table = store::NamedTable::Categories, refType = "Category";
        if (type == "transaction_merchant" || type == "set_transaction_merchant")
            table = store::NamedTable::Merchants, refType = "Merchant";
        if (type == "transaction_tag" || type == "set_transaction_tags")
            table = store::NamedTable::Tags, refType = "Tag";
        if (const Value* value = o.find("value", Value::Kind::String); table && value) {
            const std::string id = value->text();
            if (auto name = store::nameInFamily(s, *table, id, f)) {
                out.set("value", Value::makeString(*name));
                Value ref = Value::makeObject();
                ref.set("type", Value::makeString(refType));
                ref.set("id", Value::makeString(id));
                ref.set("name", Value::makeString(*name));
                out.set("value_ref", std::move(ref));
            }
        }
        if (const Value* src = o.find("sub_conditions", Value::Kind::Array)) {
            Value subs = Value::makeArray();
            for (const Value& sub : src->items())
                if (sub.isObject()) subs.push(convert(sub));
            out.set("sub_conditions", std::move(subs));
        }
        return out;
    };
    Value out = Value::makeArray();
    for (const Value& o : parsed.value->items())
        if (o.isObject()) out.push(convert(o));
    return out;
}

} // namespace

void rules(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportRows(s, store::ExportQuery::Rules, f)) {
        Data d;
        d.text("id", r, 0).text("name", r, 1).text("resource_type", r, 2).boolean("active", r, 3);
        d.text("effective_date", r, 4);
        d.value("conditions", withRefs(s, f, r.str(5), "condition_type"));
        d.value("actions", withRefs(s, f, r.str(6), "action_type"));
        w.write("Rule", d.object(), true);
    }
}

} // namespace finimport::app::exporting
