#include "app/imports/ExternalId.h"
#include "app/publish/TypePublishers.h"
#include "store/EntryBatch.h"
#include "store/EntryStore.h"
#include "store/SecurityStore.h"

#include <map>
#include <set>
#include <stdexcept>

namespace finimport::app {

namespace {

// OFX SECLIST names its securities (docs/decisions.md D60); other trade rows have none.
std::optional<std::string> securityName(const PublishRow& row) {
    std::string name = row.fields.text("security_name");
    if (name.find_first_not_of(" \t") == std::string::npos) return std::nullopt;
    return name;
}

} // namespace

void publishTrades(PublishContext& ctx, MappingResolver& mappings) {
    store::EntryStore entries(ctx.session);
    // New trades are batched: the duplicate probes below cannot miss them, because every trade
    // this publish creates is in `claimed` and is never a candidate anyway.
    store::TradeBatch batch(ctx.session);
    store::SecurityStore securities(ctx.session);
    std::map<std::string, std::string> securityCache; // TICKER:MIC → id
    std::set<std::string> claimed;
    for (const auto& row : ctx.rows) {
        if (row.kind != "trade") continue;
        auto [account, currency] = rowAccount(row, mappings);
        domain::Date date = rowDate(row);
        domain::Decimal qty = rowDecimal(row, "signed_qty", "quantity");
        domain::Decimal price = rowDecimal(row, "price", "price");
        domain::Decimal amount = rowDecimal(row, "signed_amount", "amount");
        std::string ticker = row.fields.text("ticker");
        std::string mic = row.fields.text("exchange_operating_mic");
        std::optional<std::string> securityId;
        // docs/decisions.md D60: a statement's CUSIP/ISIN is the family's key of the security, else
        // the ticker.
        const std::string securityKey = row.fields.text("security_id");
        if (!ticker.empty()) {
            std::string key = securityKey.empty() ? ticker + ":" + mic : "#" + securityKey;
            auto it = securityCache.find(key);
            if (it == securityCache.end())
                it = securityCache
                         .emplace(key, securityKey.empty()
                                           ? securities.findOrCreate(ctx.import.familyId, ticker,
                                                                     mic, securityName(row))
                                           : securities.findOrCreateByKey(ctx.import.familyId,
                                                                          securityKey, ticker,
                                                                          securityName(row)))
                         .first;
            securityId = it->second;
        }
        // docs/decisions.md D63: the same external id on the account is a duplicate whatever the
        // values; else D18: same account, date, security, qty, price and currency (never across two
        // different ids) → matched, not created.
        const auto externalId = rowExternalId(row.fields);
        std::optional<std::string> duplicate;
        if (externalId)
            for (auto& id :
                 entries.idsWithExternalId(account->id, "Trade", *externalId, ctx.import.id))
                if (claimed.insert(id).second) {
                    duplicate = id;
                    break;
                }
        if (!duplicate)
            for (const auto& e : entries.tradeCandidates(account->id, date.iso(), securityId,
                                                         qty.raw(), price.raw(), currency)) {
                if (claimed.count(e.id)) continue;
                if (externalId && e.externalId && *e.externalId != *externalId) continue;
                claimed.insert(e.id);
                duplicate = e.id;
                break;
            }
        if (duplicate) {
            ctx.matched("Entry", *duplicate);
            ++ctx.duplicateRows;
            continue;
        }
        store::EntryRow e;
        e.accountId = account->id;
        e.date = date.iso();
        e.amount = amount.raw();
        e.currency = currency;
        e.name = row.fields.text("name");
        if (e.name.empty()) e.name = "Imported item";
        e.importLocked = true;
        e.importId = ctx.import.id;
        e.externalId = externalId;
        store::TradeDetail t;
        t.securityId = securityId;
        t.qty = qty.raw();
        t.price = price.raw();
        t.currency = currency;
        if (qty.isNegative())
            t.activityLabel = "Sell";
        else if (!qty.isZero())
            t.activityLabel = "Buy";
        batch.add(e, t); // written by COPY / multi-row INSERT, flushed below
        claimed.insert(e.id);
        ctx.touch(account->id, date);
    }
    batch.flush();
}

} // namespace finimport::app
