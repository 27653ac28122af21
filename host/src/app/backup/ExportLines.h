#pragma once
// One NDJSON line being written: `{"type":T[,"version":1],"data":{…}}`, values typed as the
// exporter writes them (decimals as strings, timestamps ISO 8601 with milliseconds). The tree is
// the SDK's json::Value (finimport/json.hpp), so values read from stored JSON (rule conditions)
// are written back with their numbers' exact text.

#include "domain/Json.h"
#include "store/SqlRow.h"
#include "store/Tx.h"

#include <ostream>
#include <string>
#include <string_view>

namespace finimport::app::exporting {

class LineWriter {
public:
    explicit LineWriter(std::ostream& out) : _out(out) {}
    void write(const std::string& type, finimport::json::Value data, bool versioned = false);

private:
    std::ostream& _out;
    bool _first = true;
};

// Builders for `data` values from a result row column.
class Data {
public:
    Data() : _obj(finimport::json::Value::makeObject()) {}
    Data& text(const std::string& key, const store::SqlRow& r, size_t i);
    Data& decimal(const std::string& key, const store::SqlRow& r, size_t i); // scaled 1e8 -> "12.5"
    Data& integer(const std::string& key, const store::SqlRow& r, size_t i);
    Data& boolean(const std::string& key, const store::SqlRow& r, size_t i);
    Data& timestamp(const std::string& key, const store::SqlRow& r, size_t i); // epoch µs
    Data& timestamps(const store::SqlRow& r, size_t createdAt) {
        return timestamp("created_at", r, createdAt).timestamp("updated_at", r, createdAt + 1);
    }
    // Columns `first`, `first + 1`, ... under the keys of `spec`, in order: space-separated
    // keys, each text unless marked `:decimal`, `:integer` or `:boolean`; `timestamps` takes two
    // columns (created_at, updated_at).
    Data& columns(const store::SqlRow& r, size_t first, std::string_view spec);
    Data& value(const std::string& key, finimport::json::Value v) {
        _obj.set(key, std::move(v));
        return *this;
    }
    Data& value(const std::string& key, std::string text) {
        return value(key, finimport::json::Value::makeString(std::move(text)));
    }
    Data& value(const std::string& key, bool flag) {
        return value(key, finimport::json::Value::makeBool(flag));
    }
    const finimport::json::Value& object() const { return _obj; }

private:
    finimport::json::Value _obj;
};

// Writes the family's Rule lines (ExportRules.cpp).
void rules(store::Tx& s, const std::string& familyId, LineWriter& w);

} // namespace finimport::app::exporting
