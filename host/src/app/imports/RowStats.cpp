#include "app/imports/RowStats.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

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

RowList listFrom(const Poco::JSON::Object::Ptr& o) {
    RowList list;
    if (!o) return list;
    list.count = o->optValue<Poco::Int64>("count", 0);
    if (auto rows = o->getArray("first"))
        for (std::size_t i = 0; i < rows->size(); ++i)
            list.first.push_back(rows->getElement<Poco::Int64>(static_cast<unsigned>(i)));
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
    try {
        Poco::JSON::Parser parser;
        auto root = parser.parse(*summary).extract<Poco::JSON::Object::Ptr>();
        auto o = root->getObject("rows");
        if (!o) return std::nullopt;
        RowStats s;
        s.valid = o->optValue<Poco::Int64>("valid", 0);
        s.excluded = o->optValue<Poco::Int64>("excluded", 0);
        s.invalid = listFrom(o->getObject("invalid"));
        s.accountless = listFrom(o->getObject("accountless"));
        if (auto types = o->getObject("unknown_types"))
            for (const auto& name : types->getNames())
                s.unknownTypes[name] = listFrom(types->getObject(name));
        s.unknownTypeValues = o->optValue<Poco::Int64>("unknown_type_values", 0);
        return s;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

} // namespace finimport::app
