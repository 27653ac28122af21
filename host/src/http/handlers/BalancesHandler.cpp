#include "http/handlers/BalancesHandler.h"

#include "domain/Currency.h"
#include "domain/Text.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/LedgerParams.h"
#include "store/BalanceStore.h"

#include <algorithm>

namespace finimport::http {

namespace {

void writeBalance(JsonWriter& w, const store::BalanceRecord& b) {
    using domain::Decimal;
    const domain::Currency* currency = domain::findCurrency(b.currency);
    w.beginObject();
    w.key("id").string(b.id);
    w.key("date").string(b.date);
    w.key("currency").string(b.currency);
    w.key("flows_factor").integer(b.flowsFactor);
    auto pair = [&](std::string_view name, int64_t raw) {
        writeMoneyPair(w, name, Decimal::fromRaw(raw), currency);
    };
    pair("balance", b.balance);
    writeMoneyPair(w, std::string_view("cash_balance"),
                   b.cashBalance ? std::optional<Decimal>(Decimal::fromRaw(*b.cashBalance))
                                 : std::nullopt,
                   currency);
    pair("start_cash_balance", b.startCash);
    pair("start_non_cash_balance", b.startNonCash);
    pair("start_balance", b.startCash + b.startNonCash);
    pair("cash_inflows", b.cashInflows);
    pair("cash_outflows", b.cashOutflows);
    pair("non_cash_inflows", b.nonCashInflows);
    pair("non_cash_outflows", b.nonCashOutflows);
    pair("net_market_flows", b.netMarketFlows);
    pair("cash_adjustments", b.cashAdjustments);
    pair("non_cash_adjustments", b.nonCashAdjustments);
    pair("end_cash_balance", b.endCash);
    pair("end_non_cash_balance", b.endNonCash);
    pair("end_balance", b.endCash + b.endNonCash);
    w.key("account").beginObject();
    writeIdName(w, b.accountId, b.accountName);
    writeOptionalString(w, "account_type", b.accountType);
    w.endObject();
    writeTimestampsSeconds(w, b.createdAt, b.updatedAt);
    w.endObject();
}

} // namespace

Response listBalances(ListCache& cache, const Request& req) {
    auto filter = familyFilter<store::BalanceFilter>(req);
    if (auto refusal = ListParams(req)
                           .uuid("account_id", filter.accountId)
                           .dates(filter.startDate, filter.endDate)
                           .refusal())
        return *refusal;
    if (auto currency = req.query.get("currency"); !domain::isBlank(currency)) {
        std::string upper = *currency;
        std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
        filter.currency = upper;
    }
    const std::string key = listKey(
        "balances", req, {filter.accountId, filter.currency, filter.startDate, filter.endDate});
    return respondPage(cache, req, key, "balances", filter, store::BalanceStore::list,
                       writeBalance);
}

} // namespace finimport::http
