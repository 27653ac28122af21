#include "app/backup/ExportLines.h"

#include "domain/Decimal.h"
#include "domain/Json.h"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

#include <stdexcept>

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

Data& Data::columns(const store::SqlRow& r, size_t first, std::string_view spec) {
    size_t i = first;
    while (!spec.empty()) {
        const size_t space = spec.find(' ');
        const std::string_view word = spec.substr(0, space);
        spec = space == std::string_view::npos ? std::string_view() : spec.substr(space + 1);
        if (word == "timestamps") {
            timestamps(r, i);
            i += 2;
            continue;
        }
        const size_t colon = word.find(':');
        const std::string key(word.substr(0, colon));
        const std::string_view kind =
            colon == std::string_view::npos ? std::string_view() : word.substr(colon + 1);
        if (kind.empty())
            text(key, r, i);
        else if (kind == "decimal")
            decimal(key, r, i);
        else if (kind == "integer")
            integer(key, r, i);
        else if (kind == "boolean")
            boolean(key, r, i);
        else
            throw std::logic_error("unknown column kind in " + std::string(word));
        ++i;
    }
    return *this;
}

} // namespace finimport::app::exporting
