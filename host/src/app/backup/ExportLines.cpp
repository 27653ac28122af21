#include "app/backup/ExportLines.h"

#include "domain/Decimal.h"
#include "domain/Json.h"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

namespace finimport::app::exporting {

using json::Value;

void LineWriter::write(const std::string& type, Value data, bool versioned) {
    Value line = Value::makeObject();
    line.set("type", Value::makeString(type));
    if (versioned) line.set("version", Value::makeNumber("1"));
    line.set("data", std::move(data));
    if (!_first) _out << '\n';
    _first = false;
    _out << json::write(line);
}

Data& Data::text(const std::string& key, const store::SqlRow& r, size_t i) {
    _obj.set(key, r.isNull(i) ? Value() : Value::makeString(r.str(i)));
    return *this;
}

Data& Data::decimal(const std::string& key, const store::SqlRow& r, size_t i) {
    _obj.set(key, r.isNull(i) ? Value()
                              : Value::makeString(domain::Decimal::fromRaw(r.i64(i)).toString(1)));
    return *this;
}

Data& Data::integer(const std::string& key, const store::SqlRow& r, size_t i) {
    _obj.set(key, r.isNull(i) ? Value() : Value::makeNumber(std::to_string(r.i64(i))));
    return *this;
}

Data& Data::boolean(const std::string& key, const store::SqlRow& r, size_t i) {
    _obj.set(key, Value::makeBool(!r.isNull(i) && r.i64(i) != 0));
    return *this;
}

Data& Data::timestamp(const std::string& key, const store::SqlRow& r, size_t i) {
    _obj.set(key, r.isNull(i) ? Value()
                              : Value::makeString(Poco::DateTimeFormatter::format(
                                    Poco::Timestamp(r.i64(i)), "%Y-%m-%dT%H:%M:%S.%iZ")));
    return *this;
}

} // namespace finimport::app::exporting
