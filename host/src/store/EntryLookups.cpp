#include "store/EntryLookups.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

std::optional<std::string> earliestEntryDate(Tx& s, const std::string& accountId) {
    auto r = sqlQueryOne(s, "SELECT MIN(date) FROM entries WHERE account_id = ?", {accountId});
    if (!r || r->isNull(0)) return std::nullopt;
    return r->str(0);
}

std::optional<std::string> latestEntryDateBefore(Tx& s, const std::string& accountId,
                                                 const std::string& date,
                                                 const std::string& exceptImportId) {
    auto r = sqlQueryOne(s,
                         "SELECT MAX(date) FROM entries WHERE account_id = ? AND date < ? AND "
                         "(import_id IS NULL OR import_id <> ?)",
                         {accountId, date, exceptImportId});
    if (!r || r->isNull(0)) return std::nullopt;
    return r->str(0);
}

bool accountHasEntries(Tx& s, const std::string& accountId) {
    return sqlQueryOne(s, "SELECT 1 FROM entries WHERE account_id = ? LIMIT 1", {accountId})
        .has_value();
}

std::vector<std::pair<std::string, std::optional<std::string>>>
tradeDuplicateCandidates(Tx& s, const TradeKey& k) {
    std::vector<std::pair<std::string, std::optional<std::string>>> out;
    for (const auto& r : sqlQuery(
             s,
             "SELECT e.id, e.external_id FROM entries e JOIN trades t ON t.entry_id = e.id "
             "JOIN securities sec ON sec.id = t.security_id WHERE e.account_id = ? AND e.date = ? "
             "AND (sec.ticker = ? OR (? <> '' AND sec.security_key = ?)) AND (? = '' OR "
             "sec.exchange_operating_mic = ?) AND t.qty = ? AND t.price = ? AND t.currency = ? "
             "ORDER BY e.created_at, e.id",
             {k.accountId, k.date, k.ticker, k.securityKey, k.securityKey, k.mic, k.mic, k.qty,
              k.price, k.currency}))
        out.emplace_back(r.str(0), r.optStr(1));
    return out;
}

} // namespace finimport::store
