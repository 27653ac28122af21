#include "http/handlers/TradesHandler.h"

#include "domain/Text.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/LedgerParams.h"
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
    writeIdName(w, t.accountId, t.accountName);
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
    auto filter = familyFilter<store::TradeListFilter>(req);
    // docs/decisions.md D27 order: account_id, account_ids, start_date, end_date.
    if (auto refusal = ListParams(req)
                           .ids("account", filter.accountId, filter.accountIds)
                           .dates(filter.startDate, filter.endDate, true)
                           .refusal())
        return *refusal;
    auto page = req.query.get("page"), perPage = req.query.get("per_page");
    std::string key = "trades";
    for (const auto* part :
         {&filter.accountId, &filter.startDate, &filter.endDate, &page, &perPage})
        appendKeyPart(key, *part);
    if (filter.accountIds) // in the given order: the SQL's IN list is built from it
        for (const auto& id : *filter.accountIds)
            appendKeyPart(key, id);
    appendKeyPart(key, filter.familyId);
    return respondPage(cache, req, key, "trades", filter, store::TradeStore::list, writeTrade);
}

} // namespace finimport::http
