#include "store/BackupLedgerWrites.h"

#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <stdexcept>
#include <vector>

namespace finimport::store {

std::optional<std::string> upsertImportedBalance(Tx& s, const ImportedBalance& b) {
    auto existing =
        sqlQueryOne(s, "SELECT id FROM balances WHERE account_id = ? AND date = ? AND currency = ?",
                    {b.accountId, b.date, b.currency});
    const int64_t now = nowMicros();
    std::vector<SqlValue> values = {
        b.balance,           b.cashBalance,     b.startCashBalance,   b.startNonCashBalance,
        b.cashInflows,       b.cashOutflows,    b.nonCashInflows,     b.nonCashOutflows,
        b.netMarketFlows,    b.cashAdjustments, b.nonCashAdjustments, b.endCashBalance,
        b.endNonCashBalance, b.flowsFactor};
    if (existing) {
        values.push_back(now);
        values.push_back(existing->str(0));
        sqlExec(s,
                "UPDATE balances SET balance = ?, cash_balance = ?, start_cash_balance = ?, "
                "start_non_cash_balance = ?, cash_inflows = ?, cash_outflows = ?, non_cash_inflows "
                "= ?, "
                "non_cash_outflows = ?, net_market_flows = ?, cash_adjustments = ?, "
                "non_cash_adjustments = ?, "
                "end_cash_balance = ?, end_non_cash_balance = ?, flows_factor = ?, updated_at = ? "
                "WHERE id = ?",
                values);
        return std::nullopt;
    }
    std::string id = newUuid();
    std::vector<SqlValue> all = {id, b.accountId, b.date, b.currency};
    all.insert(all.end(), values.begin(), values.end());
    all.insert(all.end(), {b.importId, now, now});
    sqlExec(
        s,
        "INSERT INTO balances (id, account_id, date, currency, balance, cash_balance, "
        "start_cash_balance, "
        "start_non_cash_balance, cash_inflows, cash_outflows, non_cash_inflows, non_cash_outflows, "
        "net_market_flows, cash_adjustments, non_cash_adjustments, end_cash_balance, "
        "end_non_cash_balance, "
        "flows_factor, import_id, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        all);
    return id;
}

std::optional<std::string> upsertImportedHolding(Tx& s, const ImportedHolding& h) {
    const int64_t now = nowMicros();
    std::vector<SqlValue> values = {h.qty,
                                    h.price,
                                    h.amount,
                                    sqlOpt(h.costBasis),
                                    sqlOpt(h.costBasisSource),
                                    int64_t(h.costBasisLocked),
                                    int64_t(h.securityLocked)};
    if (auto existing = sqlQueryOne(s,
                                    "SELECT id FROM holdings WHERE account_id = ? AND security_id "
                                    "= ? AND date = ? AND currency = ?",
                                    {h.accountId, h.securityId, h.date, h.currency})) {
        values.insert(values.end(), {now, existing->str(0)});
        sqlExec(s,
                "UPDATE holdings SET qty = ?, price = ?, amount = ?, cost_basis = ?, "
                "cost_basis_source = ?, "
                "cost_basis_locked = ?, security_locked = ?, updated_at = ? WHERE id = ?",
                values);
        return std::nullopt;
    }
    std::string id = newUuid();
    std::vector<SqlValue> all = {id, h.accountId, h.securityId, h.date};
    all.insert(all.end(), values.begin(), values.begin() + 3);
    all.push_back(h.currency);
    all.insert(all.end(), values.begin() + 3, values.end());
    all.insert(all.end(), {h.importId, now, now});
    sqlExec(
        s,
        "INSERT INTO holdings (id, account_id, security_id, date, qty, price, amount, currency, "
        "cost_basis, "
        "cost_basis_source, cost_basis_locked, security_locked, import_id, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        all);
    return id;
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
