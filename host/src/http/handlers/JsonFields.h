#pragma once
// Rendering helpers shared by handlers: money pairs (docs/api.md §5), timestamps, account objects.

#include "domain/Decimal.h"
#include "http/JsonWriter.h"
#include "http/Pagination.h"

#include <optional>
#include <string>
#include <string_view>

namespace finimport::domain {
struct Currency;
}

namespace finimport::http {

// `name`: display string and `name_cents`: minor units, in `currency` (nulls when absent).
void writeMoneyPair(JsonWriter& w, const std::string& name, std::optional<domain::Decimal> amount,
                    const std::string& currency);
// The same with the currency looked up once by the caller (a balance row writes 14 pairs in one
// currency); `currency` null writes nulls.
void writeMoneyPair(JsonWriter& w, std::string_view name, std::optional<domain::Decimal> amount,
                    const domain::Currency* currency);
// Only the display string (trades).
void writeMoney(JsonWriter& w, const std::string& name, domain::Decimal amount,
                const std::string& currency);
// `created_at` and `updated_at` (epoch µs) as ISO 8601 UTC at second or millisecond precision.
// `"id": id, "name": name`: how a record names itself inside another's JSON, and first in its own.
void writeIdName(JsonWriter& w, const std::string& id, const std::string& name);
void writeTimestampsSeconds(JsonWriter& w, int64_t createdAt, int64_t updatedAt);
void writeTimestampsMillis(JsonWriter& w, int64_t createdAt, int64_t updatedAt);
void writeOptionalString(JsonWriter& w, const std::string& name,
                         const std::optional<std::string>& value);
// The `meta` object of the import lists (docs/api.md §12): current/next/prev page, totals.
void writeListMeta(JsonWriter& w, const Pagination& p);
// `name`: an object filled by write() when `present` (an optional, a pointer) is set, else null.
template <class Present, class Write>
void writeObjectOrNull(JsonWriter& w, std::string_view name, const Present& present, Write write) {
    w.key(name);
    if (!present) {
        w.null();
        return;
    }
    w.beginObject();
    write();
    w.endObject();
}
// `{"data": <the record by write(w, record)>}`: a single-record answer.
template <class Record, class Write> std::string dataJson(const Record& record, Write write) {
    JsonWriter w;
    w.beginObject().key("data");
    write(w, record);
    w.endObject();
    return w.take();
}
// A page of an import-style list: `{"data": [each row by write(w, row)], "meta": …}`.
template <class Rows, class Write>
std::string listPageJson(const Rows& rows, const Pagination& p, Write write) {
    JsonWriter w;
    w.beginObject().key("data").beginArray();
    for (const auto& row : rows)
        write(w, row);
    w.endArray();
    writeListMeta(w, p);
    w.endObject();
    return w.take();
}
// The `pagination` object of balances and trades (docs/api.md §9.1).
void writePagination(JsonWriter& w, const Pagination& p);

} // namespace finimport::http
