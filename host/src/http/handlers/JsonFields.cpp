#include "http/handlers/JsonFields.h"

#include "domain/Currency.h"
#include "domain/MoneyFormat.h"
#include "http/Formats.h"

#include <algorithm>
#include <cstring>

namespace finimport::http {

void writeMoneyPair(JsonWriter& w, const std::string& name, std::optional<domain::Decimal> amount,
                    const std::string& currency) {
    writeMoneyPair(w, std::string_view(name), amount, domain::findCurrency(currency));
}

void writeMoneyPair(JsonWriter& w, std::string_view name, std::optional<domain::Decimal> amount,
                    const domain::Currency* c) {
    w.key(name);
    char text[domain::kMoneyTextMax];
    if (amount && c)
        w.string(domain::formatMoneyInto(text, *amount, *c));
    else
        w.null();
    // "<name>_cents" without a heap string: names are short field names.
    char cents[64];
    const size_t n = std::min(name.size(), sizeof cents - 6);
    std::memcpy(cents, name.data(), n);
    std::memcpy(cents + n, "_cents", 6);
    w.key(std::string_view(cents, n + 6));
    if (amount && c)
        w.integer(domain::minorUnits(*amount, *c));
    else
        w.null();
}

void writeMoney(JsonWriter& w, const std::string& name, domain::Decimal amount,
                const std::string& currency) {
    const domain::Currency* c = domain::findCurrency(currency);
    w.key(name);
    char text[domain::kMoneyTextMax];
    if (c)
        w.string(domain::formatMoneyInto(text, amount, *c));
    else
        w.null();
}

void writeOptionalString(JsonWriter& w, const std::string& name,
                         const std::optional<std::string>& value) {
    w.key(name);
    if (value)
        w.string(*value);
    else
        w.null();
}

void writePagination(JsonWriter& w, const Pagination& p) {
    w.key("pagination").beginObject();
    w.key("page").integer(p.page);
    w.key("per_page").integer(p.perPage);
    w.key("total_count").integer(p.totalCount);
    w.key("total_pages").integer(p.totalPages);
    w.endObject();
}

void writeListMeta(JsonWriter& w, const Pagination& p) {
    w.key("meta").beginObject();
    w.key("current_page").integer(p.page);
    w.key("next_page");
    if (p.page < p.totalPages)
        w.integer(p.page + 1);
    else
        w.null();
    w.key("prev_page");
    if (p.page > 1)
        w.integer(p.page - 1);
    else
        w.null();
    w.key("total_pages").integer(p.totalPages);
    w.key("total_count").integer(p.totalCount);
    w.key("per_page").integer(p.perPage);
    w.endObject();
}

void writeIdName(JsonWriter& w, const std::string& id, const std::string& name) {
    w.key("id").string(id);
    w.key("name").string(name);
}

void writeTimestampsSeconds(JsonWriter& w, int64_t createdAt, int64_t updatedAt) {
    w.key("created_at").string(formatTimestampSeconds(createdAt));
    w.key("updated_at").string(formatTimestampSeconds(updatedAt));
}

void writeTimestampsMillis(JsonWriter& w, int64_t createdAt, int64_t updatedAt) {
    w.key("created_at").string(formatTimestampMillis(createdAt));
    w.key("updated_at").string(formatTimestampMillis(updatedAt));
}

} // namespace finimport::http
