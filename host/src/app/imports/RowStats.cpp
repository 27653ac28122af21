#include "app/imports/RowStats.h"

#include "domain/Json.h"

#include <charconv>

namespace finimport::app {

namespace {

using json::Value;

Value number(int64_t n) {
    return Value::makeNumber(std::to_string(n));
}

Value listJson(const RowList& list) {
    Value o = Value::makeObject();
    o.set("count", number(list.count));
    Value rows = Value::makeArray();
    for (int64_t r : list.first)
        rows.push(number(r));
    o.set("first", std::move(rows));
    return o;
}

// An integer as the summary stores it; 0 when absent or not one.
int64_t integer(const Value* v) {
    int64_t n = 0;
    if (v && v->isNumber())
        std::from_chars(v->text().data(), v->text().data() + v->text().size(), n);
    return n;
}

RowList listFrom(const Value* o) {
    RowList list;
    if (!o || !o->isObject()) return list;
    list.count = integer(o->find("count"));
    if (const Value* rows = o->find("first", Value::Kind::Array))
        for (const Value& r : rows->items())
            list.first.push_back(integer(&r));
    return list;
}

} // namespace

void RowStats::addUnknownType(const std::string& value, int64_t row) {
    auto it = unknownTypes.find(value);
    if (it == unknownTypes.end()) {
        ++unknownTypeValues;
        if (unknownTypes.size() >= kMaxTypes) return;
        it = unknownTypes.emplace(value, RowList{}).first;
    }
    it->second.add(row);
}

Value RowStats::toValue() const {
    Value o = Value::makeObject();
    o.set("valid", number(valid));
    o.set("excluded", number(excluded));
    o.set("invalid", listJson(invalid));
    o.set("accountless", listJson(accountless));
    Value types = Value::makeObject();
    for (const auto& [value, list] : unknownTypes)
        types.set(value, listJson(list));
    o.set("unknown_types", std::move(types));
    o.set("unknown_type_values", number(unknownTypeValues));
    return o;
}

RowStats RowStats::fromValue(const Value& o) {
    RowStats s;
    s.valid = integer(o.find("valid"));
    s.excluded = integer(o.find("excluded"));
    s.invalid = listFrom(o.find("invalid"));
    s.accountless = listFrom(o.find("accountless"));
    if (const Value* types = o.find("unknown_types", Value::Kind::Object))
        for (std::size_t i = 0; i < types->keys().size(); ++i)
            s.unknownTypes[types->keys()[i]] = listFrom(&types->items()[i]);
    s.unknownTypeValues = integer(o.find("unknown_type_values"));
    return s;
}

} // namespace finimport::app
