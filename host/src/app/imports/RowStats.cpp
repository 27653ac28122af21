#include "app/imports/RowStats.h"

#include "domain/Json.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <charconv>
#include <sstream>

namespace finimport::app {

namespace {

Poco::JSON::Object::Ptr listJson(const RowList& list) {
    Poco::JSON::Object::Ptr o = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    o->set("count", list.count);
    Poco::JSON::Array::Ptr rows = new Poco::JSON::Array;
    for (int64_t r : list.first)
        rows->add(r);
    o->set("first", rows);
    return o;
}

using json::Value;

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

std::string RowStats::toJson() const {
    Poco::JSON::Object o(Poco::JSON_PRESERVE_KEY_ORDER);
    o.set("valid", valid);
    o.set("excluded", excluded);
    o.set("invalid", listJson(invalid));
    o.set("accountless", listJson(accountless));
    Poco::JSON::Object::Ptr types = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [value, list] : unknownTypes)
        types->set(value, listJson(list));
    o.set("unknown_types", types);
    o.set("unknown_type_values", unknownTypeValues);
    std::ostringstream out;
    o.stringify(out);
    return out.str();
}

std::optional<RowStats> RowStats::fromSummary(const std::optional<std::string>& summary) {
    if (!summary || summary->empty()) return std::nullopt;
    auto root = json::parse(*summary);
    const Value* o = root.value ? root.value->find("rows", Value::Kind::Object) : nullptr;
    if (!o) return std::nullopt;
    RowStats s;
    s.valid = integer(o->find("valid"));
    s.excluded = integer(o->find("excluded"));
    s.invalid = listFrom(o->find("invalid"));
    s.accountless = listFrom(o->find("accountless"));
    if (const Value* types = o->find("unknown_types", Value::Kind::Object))
        for (std::size_t i = 0; i < types->keys().size(); ++i)
            s.unknownTypes[types->keys()[i]] = listFrom(&types->items()[i]);
    s.unknownTypeValues = integer(o->find("unknown_type_values"));
    return s;
}

} // namespace finimport::app
