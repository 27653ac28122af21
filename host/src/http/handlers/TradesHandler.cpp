#include "http/handlers/TradesHandler.h"

#include "domain/Text.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "store/TradeStore.h"

namespace finimport::http {

namespace {

void writeTrade(JsonWriter& w, const store::TradeListRow& t) {
    using domain::Decimal;
    w.beginObject();
    w.key("id").string(t.id);
    w.key("date").string(t.date);
    writeMoney(w, "amount", Decimal::fromRaw(t.amount), t.entryCurrency);
    w.key("currency").string(t.currency);
    w.key("name").string(t.name);
    writeOptionalString(w, "notes", t.notes);
    w.key("qty").string(Decimal::fromRaw(t.qty).toString(1));
    writeMoney(w, "price", Decimal::fromRaw(t.price), t.currency);
    writeOptionalString(w, "investment_activity_label", t.activityLabel);
    w.key("account").beginObject();
    w.key("id").string(t.accountId);
    w.key("name").string(t.accountName);
    writeOptionalString(w, "account_type", t.accountType);
    w.key("status").string(t.accountStatus); // docs/decisions.md D24
    w.endObject();
    writeObjectOrNull(w, "security", t.securityId, [&] {
        w.key("id").string(*t.securityId);
        writeOptionalString(w, "ticker", t.securityTicker);
        writeOptionalString(w, "name", t.securityName);
    });
    writeObjectOrNull(w, "category", t.categoryId, [&] {
        w.key("id").string(*t.categoryId);
        writeOptionalString(w, "name", t.categoryName);
    });
    writeTimestampsSeconds(w, t.createdAt, t.updatedAt);
    w.endObject();
}

} // namespace

Response listTrades(ListCache& cache, const Request& req) {
    store::TradeListFilter filter;
    filter.familyId = req.principal.familyId;
    // docs/decisions.md D27 order: account_id, account_ids, start_date, end_date; the first failure
    // answers.
    if (auto id = req.query.get("account_id"); id && !domain::isBlank(*id)) {
        if (!isUuid(*id)) return validationFailed("account_id must be a valid UUID");
        filter.accountId = normalizeUuid(*id);
    }
    std::vector<std::string> given = req.query.all("account_ids[]");
    for (auto& v : req.query.all("account_ids"))
        given.push_back(v);
    std::vector<std::string> ids;
    for (const auto& value : given) {
        size_t start = 0;
        while (start <= value.size()) { // one value with commas is split
            size_t comma = value.find(',', start);
            std::string part =
                value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            auto b = part.find_first_not_of(" \t"), e = part.find_last_not_of(" \t");
            part = b == std::string::npos ? "" : part.substr(b, e - b + 1);
            if (!part.empty()) {
                if (!isUuid(part)) return validationFailed("account_ids must contain valid UUIDs");
                ids.push_back(normalizeUuid(part));
            }
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    if (!ids.empty()) filter.accountIds = ids;
    if (auto start = req.query.get("start_date"); start && !domain::isBlank(*start)) {
        auto d = parseIsoDateParam(*start);
        if (!d) return validationFailed("Invalid start_date format");
        filter.startDate = d->iso();
    }
    if (auto end = req.query.get("end_date"); end && !domain::isBlank(*end)) {
        auto d = parseIsoDateParam(*end);
        if (!d) return validationFailed("Invalid end_date format");
        filter.endDate = d->iso();
    }
    auto page = req.query.get("page"), perPage = req.query.get("per_page");
    std::string key = "trades";
    for (const auto* part :
         {&filter.accountId, &filter.startDate, &filter.endDate, &page, &perPage})
        appendKeyPart(key, *part);
    for (const auto& id : ids) // in the given order: the SQL's IN list is built from it
        appendKeyPart(key, id);
    appendKeyPart(key, filter.familyId);
    return respondPage(cache, req, key, "trades", filter, store::TradeStore::list, writeTrade);
}

} // namespace finimport::http
