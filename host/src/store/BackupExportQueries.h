#pragma once
// The reads of the family export in the engine's NDJSON format (docs/imports.md §6.12 "What
// produces NDJSON"): one query per record kind, each in a stable content order (accounts by
// name first, then date and content; timestamp and id only break ties), so that an export
// imported into an empty family exports the same again. Rows carry the columns listed, in that
// order; money columns are scaled 10^8, timestamps epoch µs.

#include "store/SqlRow.h"
#include "store/Tx.h"

#include <cstdint>
#include <string>
#include <vector>

namespace finimport::store {

// True when the family exists (the export's 404 is decided before streaming starts).
bool familyExists(Tx& s, const std::string& familyId);
// One query per record kind; each kind's rows carry the columns listed, in that order.
enum class ExportQuery : uint8_t {
    // id, name, balance, cash_balance, currency, account_type, subtype, status,
    // institution_name, institution_domain, notes, authoritative_balance_history, created_at,
    // updated_at, number of opening anchors.
    Accounts,
    // id, account_id, date, balance, currency, cash_balance, start_cash_balance,
    // start_non_cash_balance, cash_inflows, cash_outflows, non_cash_inflows, non_cash_outflows,
    // net_market_flows, cash_adjustments, non_cash_adjustments, end_cash_balance,
    // end_non_cash_balance, flows_factor, created_at, updated_at.
    Balances,
    // id, name, color, classification, lucide_icon, parent_id, created_at, updated_at.
    Categories,
    // id, name, color, created_at, updated_at.
    Tags,
    // id, name, color, logo_url, website_url, created_at, updated_at.
    Merchants,
    // id, account_id, merchant_id, name, amount, currency, expected_day_of_month,
    // last_occurrence_date, next_expected_date, status, occurrence_count, manual,
    // expected_amount_min, expected_amount_max, expected_amount_avg, created_at, updated_at.
    Recurring,
    // Transactions without a parent. Columns (also of SplitLines): entry id, account_id, date,
    // amount, currency, name, notes, excluded, category_id, merchant_id, kind, created_at,
    // updated_at.
    Transactions,
    // The split children of one transaction (the key is the parent's entry id), in creation
    // order.
    SplitLines,
    // id, inflow_transaction_id, outflow_transaction_id, status, notes, created_at, updated_at.
    Transfers,
    // As Transfers, status and notes NULL.
    RejectedTransfers,
    // trade id, entry id, account_id, security_id, ticker, security name,
    // exchange_operating_mic, date, qty, price, amount, currency, created_at, updated_at.
    Trades,
    // id, account_id, security_id, ticker, security name, exchange_operating_mic, exchange_mic,
    // exchange_acronym, country_code, kind, website_url, date, qty, price, amount, currency,
    // cost_basis, cost_basis_source, cost_basis_locked, security_locked.
    Holdings,
    // entry id, account_id, date, amount, currency, name, valuation kind, created_at,
    // updated_at.
    Valuations,
    // id, start_date, end_date, budgeted_spending, expected_income, currency, created_at,
    // updated_at.
    Budgets,
    // id, budget_id, category_id, budgeted_spending, currency, created_at, updated_at.
    BudgetCategories,
    // id, name, resource_type, active, effective_date, conditions (JSON), actions (JSON).
    Rules,
};

// The rows of one kind; `key` is the family id (SplitLines: the parent's entry id).
std::vector<SqlRow> exportRows(Tx& s, ExportQuery query, const std::string& key);
// The transaction's tag ids, ordered by tag name.
std::vector<std::string> exportTagIds(Tx& s, const std::string& entryId);

} // namespace finimport::store
