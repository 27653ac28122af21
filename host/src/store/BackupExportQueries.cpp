#include "store/BackupExportQueries.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/TxSession.h"

#include <array>

namespace finimport::store {

namespace {

// Accounts are ordered by name first; entries by account, date and content. The timestamp and
// id come last, only to break ties between identical records.
const std::string kAccountOrder = "a.name, a.created_at, a.id";

const std::string kTransactionSelect =
    "SELECT e.id, e.account_id, e.date, e.amount, e.currency, e.name, e.notes, e.excluded, "
    "e.category_id, e.merchant_id, e.kind, e.created_at, e.updated_at "
    "FROM entries e ";

std::string linksSql(bool rejected) {
    return std::string("SELECT l.id, l.inflow_transaction_id, l.outflow_transaction_id, ") +
           (rejected ? "NULL, NULL" : "l.status, l.notes") + ", l.created_at, l.updated_at FROM " +
           (rejected ? "rejected_transfers" : "transfers") +
           " l JOIN entries i ON i.id = l.inflow_transaction_id JOIN entries o ON o.id = "
           "l.outflow_transaction_id JOIN accounts a ON a.id = i.account_id WHERE a.family_id = ? "
           "ORDER BY " +
           kAccountOrder + ", i.date, i.name, i.amount, o.name, l.created_at, l.id";
}

// In the order of ExportQuery; each binds one key.
const std::array<std::string, static_cast<size_t>(ExportQuery::Rules) + 1> kQueries = {
    // Accounts
    "SELECT a.id, a.name, a.balance, a.cash_balance, a.currency, a.account_type, a.subtype, "
    "a.status, a.institution_name, a.institution_domain, a.notes, "
    "a.authoritative_balance_history, a.created_at, a.updated_at, "
    "(SELECT COUNT(*) FROM entries e JOIN valuations v ON v.entry_id = e.id "
    "WHERE e.account_id = a.id AND v.kind = 'opening_anchor') "
    "FROM accounts a WHERE a.family_id = ? ORDER BY " +
        kAccountOrder,
    // Balances
    "SELECT b.id, b.account_id, b.date, b.balance, b.currency, b.cash_balance, "
    "b.start_cash_balance, b.start_non_cash_balance, b.cash_inflows, b.cash_outflows, "
    "b.non_cash_inflows, b.non_cash_outflows, b.net_market_flows, b.cash_adjustments, "
    "b.non_cash_adjustments, b.end_cash_balance, b.end_non_cash_balance, b.flows_factor, "
    "b.created_at, b.updated_at FROM balances b JOIN accounts a ON a.id = b.account_id "
    "WHERE a.family_id = ? ORDER BY " +
        kAccountOrder + ", b.date, b.currency",
    // Categories
    "SELECT id, name, color, classification, lucide_icon, parent_id, created_at, updated_at "
    "FROM categories WHERE family_id = ? ORDER BY name",
    // Tags
    "SELECT id, name, color, created_at, updated_at FROM tags WHERE family_id = ? ORDER BY name",
    // Merchants
    "SELECT id, name, color, logo_url, website_url, created_at, updated_at FROM merchants "
    "WHERE family_id = ? ORDER BY name, created_at, id",
    // Recurring
    "SELECT id, account_id, merchant_id, name, amount, currency, expected_day_of_month, "
    "last_occurrence_date, next_expected_date, status, occurrence_count, manual, "
    "expected_amount_min, expected_amount_max, expected_amount_avg, created_at, updated_at "
    "FROM recurring_transactions WHERE family_id = ? ORDER BY COALESCE(name, ''), "
    "next_expected_date, amount, created_at, id",
    // Transactions
    kTransactionSelect +
        "JOIN accounts a ON a.id = e.account_id WHERE a.family_id = ? AND "
        "e.entryable_type = 'Transaction' AND e.parent_entry_id IS NULL ORDER BY " +
        kAccountOrder + ", e.date, e.name, e.amount, e.created_at, e.id",
    // SplitLines
    kTransactionSelect + "WHERE e.parent_entry_id = ? AND e.entryable_type = 'Transaction' "
                         "ORDER BY e.created_at, e.name, e.amount, e.id",
    linksSql(false),
    linksSql(true),
    // Trades
    "SELECT t.id, e.id, e.account_id, t.security_id, sec.ticker, sec.name, "
    "sec.exchange_operating_mic, e.date, t.qty, t.price, e.amount, e.currency, e.created_at, "
    "e.updated_at FROM entries e JOIN trades t ON t.entry_id = e.id "
    "JOIN accounts a ON a.id = e.account_id LEFT JOIN securities sec ON sec.id = t.security_id "
    "WHERE a.family_id = ? ORDER BY " +
        kAccountOrder + ", e.date, sec.ticker, t.qty, t.price, e.created_at, e.id",
    // Holdings
    "SELECT h.id, h.account_id, h.security_id, sec.ticker, sec.name, sec.exchange_operating_mic, "
    "sec.exchange_mic, sec.exchange_acronym, sec.country_code, sec.kind, sec.website_url, "
    "h.date, h.qty, h.price, h.amount, h.currency, h.cost_basis, h.cost_basis_source, "
    "h.cost_basis_locked, h.security_locked FROM holdings h JOIN accounts a ON a.id = "
    "h.account_id LEFT JOIN securities sec ON sec.id = h.security_id WHERE a.family_id = ? "
    "ORDER BY " +
        kAccountOrder + ", h.date, sec.ticker, h.currency",
    // Valuations
    "SELECT e.id, e.account_id, e.date, e.amount, e.currency, e.name, v.kind, e.created_at, "
    "e.updated_at FROM entries e JOIN valuations v ON v.entry_id = e.id JOIN accounts a ON "
    "a.id = e.account_id WHERE a.family_id = ? ORDER BY " +
        kAccountOrder + ", e.date, e.created_at, e.id",
    // Budgets
    "SELECT id, start_date, end_date, budgeted_spending, expected_income, currency, "
    "created_at, updated_at FROM budgets WHERE family_id = ? ORDER BY start_date, end_date, id",
    // BudgetCategories
    "SELECT bc.id, bc.budget_id, bc.category_id, bc.budgeted_spending, bc.currency, "
    "bc.created_at, bc.updated_at FROM budget_categories bc JOIN budgets b ON b.id = "
    "bc.budget_id JOIN categories c ON c.id = bc.category_id WHERE b.family_id = ? "
    "ORDER BY b.start_date, b.end_date, c.name",
    // Rules
    "SELECT id, name, resource_type, active, effective_date, conditions, actions FROM rules "
    "WHERE family_id = ? ORDER BY COALESCE(name, ''), created_at, id",
};

} // namespace

bool familyExists(Tx& s, const std::string& familyId) {
    return sqlCount(s, "SELECT COUNT(*) FROM families WHERE id = ?", {familyId}) > 0;
}

std::vector<SqlRow> exportRows(Tx& s, ExportQuery query, const std::string& key) {
    return sqlQuery(s, kQueries[static_cast<size_t>(query)], {key});
}

std::vector<std::string> exportTagIds(Tx& s, const std::string& entryId) {
    return firstTexts(
        sqlQuery(s,
                 "SELECT tt.tag_id FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id "
                 "WHERE tt.entry_id = ? ORDER BY g.name",
                 {entryId}));
}

} // namespace finimport::store
