#include "store/BackupLedgerWrites.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <stdexcept>
#include <vector>

namespace finimport::store {

namespace {

std::string joined(const std::vector<std::string>& columns, const char* suffix) {
    std::string out;
    for (const auto& c : columns)
        out += (out.empty() ? "" : ", ") + c + suffix;
    return out;
}

// The `table` record whose `keyColumns` hold `keys` takes `values` (of `valueColumns`) and a new
// updated_at: nullopt. Without one, a new record of `importId` with the keys and the values:
// its id.
std::optional<std::string> upsert(Tx& s, const std::string& table,
                                  const std::vector<std::string>& keyColumns,
                                  const std::vector<SqlValue>& keys,
                                  const std::vector<std::string>& valueColumns,
                                  std::vector<SqlValue> values, const std::string& importId) {
    std::string where;
    for (const auto& c : keyColumns)
        where += (where.empty() ? "" : " AND ") + c + " = ?";
    if (auto existing = sqlQueryOne(s, "SELECT id FROM " + table + " WHERE " + where, keys)) {
        values.insert(values.end(), {nowMicros(), existing->str(0)});
        sqlExec(s,
                "UPDATE " + table + " SET " + joined(valueColumns, " = ?") +
                    ", updated_at = ? WHERE id = ?",
                values);
        return std::nullopt;
    }
    std::vector<SqlValue> all = keys;
    all.insert(all.end(), values.begin(), values.end());
    all.push_back(importId);
    std::string id;
    insertStamped(s, table,
                  "id, " + joined(keyColumns, "") + ", " + joined(valueColumns, "") + ", import_id",
                  id, std::move(all));
    return id;
}

} // namespace

std::optional<std::string> upsertImportedBalance(Tx& s, const ImportedBalance& b) {
    return upsert(
        s, "balances", {"account_id", "date", "currency"}, {b.accountId, b.date, b.currency},
        {"balance", "cash_balance", "start_cash_balance", "start_non_cash_balance", "cash_inflows",
         "cash_outflows", "non_cash_inflows", "non_cash_outflows", "net_market_flows",
         "cash_adjustments", "non_cash_adjustments", "end_cash_balance", "end_non_cash_balance",
         "flows_factor"},
        {b.balance, b.cashBalance, b.startCashBalance, b.startNonCashBalance, b.cashInflows,
         b.cashOutflows, b.nonCashInflows, b.nonCashOutflows, b.netMarketFlows, b.cashAdjustments,
         b.nonCashAdjustments, b.endCashBalance, b.endNonCashBalance, b.flowsFactor},
        b.importId);
}

std::optional<std::string> upsertImportedHolding(Tx& s, const ImportedHolding& h) {
    return upsert(s, "holdings", {"account_id", "security_id", "date", "currency"},
                  {h.accountId, h.securityId, h.date, h.currency},
                  {"qty", "price", "amount", "cost_basis", "cost_basis_source", "cost_basis_locked",
                   "security_locked"},
                  bindValues(h.qty, h.price, h.amount, h.costBasis, h.costBasisSource,
                             h.costBasisLocked, h.securityLocked),
                  h.importId);
}

void fillSecurityColumn(Tx& s, const std::string& securityId, const std::string& column,
                        const std::string& value) {
    // The column name is spliced into the statement: only the metadata columns pass.
    if (column != "exchange_mic" && column != "exchange_acronym" && column != "country_code" &&
        column != "website_url" && column != "kind")
        throw std::invalid_argument("not a security metadata column: " + column);
    sqlExec(s,
            "UPDATE securities SET " + column + " = ? WHERE id = ? AND (" + column +
                " IS NULL OR " + column + " = '')",
            {value, securityId});
}

bool valuationOnDate(Tx& s, const std::string& accountId, const std::string& date) {
    return sqlCount(s,
                    "SELECT COUNT(*) FROM entries WHERE account_id = ? AND date = ? AND "
                    "entryable_type = 'Valuation'",
                    {accountId, date}) > 0;
}

} // namespace finimport::store
