#include "app/backup/ExportLines.h"

#include "domain/Decimal.h"

#include <Poco/DateTimeFormatter.h>
#include <Poco/Timestamp.h>

namespace finimport::app::exporting {

void LineWriter::write(const std::string& type, const Poco::JSON::Object::Ptr& data,
                       bool versioned) {
    Poco::JSON::Object line(Poco::JSON_PRESERVE_KEY_ORDER);
    line.set("type", type);
    if (versioned) line.set("version", 1);
    line.set("data", data);
    if (!_first) _out << '\n';
    _first = false;
    line.stringify(_out);
}

Data& Data::text(const std::string& key, const store::SqlRow& r, size_t i) {
    if (r.isNull(i))
        _obj->set(key, Poco::Dynamic::Var());
    else
        _obj->set(key, r.str(i));
    return *this;
}

Data& Data::decimal(const std::string& key, const store::SqlRow& r, size_t i) {
    if (r.isNull(i))
        _obj->set(key, Poco::Dynamic::Var());
    else
        _obj->set(key, domain::Decimal::fromRaw(r.i64(i)).toString(1));
    return *this;
}

Data& Data::integer(const std::string& key, const store::SqlRow& r, size_t i) {
    if (r.isNull(i))
        _obj->set(key, Poco::Dynamic::Var());
    else
        _obj->set(key, r.i64(i));
    return *this;
}

Data& Data::boolean(const std::string& key, const store::SqlRow& r, size_t i) {
    _obj->set(key, !r.isNull(i) && r.i64(i) != 0);
    return *this;
}

Data& Data::timestamp(const std::string& key, const store::SqlRow& r, size_t i) {
    if (r.isNull(i))
        _obj->set(key, Poco::Dynamic::Var());
    else
        _obj->set(key, Poco::DateTimeFormatter::format(Poco::Timestamp(r.i64(i)),
                                                       "%Y-%m-%dT%H:%M:%S.%iZ"));
    return *this;
}

} // namespace finimport::app::exporting
