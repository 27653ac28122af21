#include "app/backup/NdjsonExporter.h"

#include "app/backup/ExportLines.h"
#include "domain/AccountKind.h"
#include "domain/Decimal.h"
#include "domain/Json.h"
#include "store/BackupExportQueries.h"

#include <functional>

namespace finimport::app {

using exporting::Data;
using exporting::LineWriter;
using store::SqlRow;

namespace {

// Each kind's data object lists its keys in the order of its export query's columns
// (store/BackupExportQueries.h); the few keys not read from one column are written between.

void accounts(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportAccounts(s, f)) {
        Data d;
        d.columns(r, 0, "id name balance:decimal cash_balance:decimal currency");
        auto kind = r.isNull(5) ? std::nullopt : domain::accountKindFromSnake(r.str(5));
        d.value("accountable_type",
                kind ? std::string(domain::accountKindName(*kind)) : std::string());
        d.columns(r, 6,
                  "subtype status institution_name institution_domain notes "
                  "authoritative_balance_history:boolean");
        // Without its own opening anchor line, the importer must not invent one.
        d.value("skip_opening_balance_import", r.i64(14) == 0);
        Data accountable;
        accountable.text("subtype", r, 6);
        d.value("accountable", accountable.object());
        d.timestamps(r, 12);
        w.write("Account", d.object());
    }
}

void balances(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportBalances(s, f)) {
        Data d;
        d.columns(r, 0,
                  "id account_id date balance:decimal currency cash_balance:decimal "
                  "start_cash_balance:decimal start_non_cash_balance:decimal cash_inflows:decimal "
                  "cash_outflows:decimal non_cash_inflows:decimal non_cash_outflows:decimal "
                  "net_market_flows:decimal cash_adjustments:decimal non_cash_adjustments:decimal "
                  "end_cash_balance:decimal end_non_cash_balance:decimal");
        d.value("end_balance", domain::Decimal::fromRaw(r.i64(3)).toString(1));
        d.columns(r, 17, "flows_factor:integer timestamps");
        w.write("Balance", d.object());
    }
}

void taxonomy(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportCategories(s, f))
        w.write("Category",
                Data()
                    .columns(r, 0, "id name color classification lucide_icon parent_id timestamps")
                    .object());
    for (const auto& r : store::exportTags(s, f))
        w.write("Tag", Data().columns(r, 0, "id name color timestamps").object());
    for (const auto& r : store::exportMerchants(s, f))
        w.write("Merchant",
                Data().columns(r, 0, "id name color logo_url website_url timestamps").object());
}

void recurring(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportRecurring(s, f))
        w.write("RecurringTransaction",
                Data()
                    .columns(r, 0,
                             "id account_id merchant_id name amount:decimal currency "
                             "expected_day_of_month:integer last_occurrence_date "
                             "next_expected_date status occurrence_count:integer manual:boolean "
                             "expected_amount_min:decimal expected_amount_max:decimal "
                             "expected_amount_avg:decimal timestamps")
                    .object());
}

json::Value transactionData(store::Tx& s, const SqlRow& r) {
    Data d;
    d.text("id", r, 0)
        .columns(r, 0,
                 "entry_id account_id date amount:decimal currency name notes "
                 "excluded:boolean category_id merchant_id");
    json::Value tags = json::Value::makeArray();
    for (const auto& t : store::exportTagIds(s, r.str(0)))
        tags.push(json::Value::makeString(t));
    d.value("tag_ids", std::move(tags)).columns(r, 10, "kind timestamps");
    return d.object();
}

void transactions(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportTransactions(s, f)) {
        auto data = transactionData(s, r);
        auto children = store::exportSplitLines(s, r.str(0));
        if (!children.empty()) {
            json::Value splits = json::Value::makeArray();
            for (const auto& c : children)
                splits.push(transactionData(s, c));
            data.set("split_lines", std::move(splits));
        }
        w.write("Transaction", std::move(data));
    }
}

void links(store::Tx& s, const std::string& f, LineWriter& w, bool rejected) {
    for (const auto& r : store::exportLinks(s, f, rejected)) {
        Data d;
        d.columns(r, 0, "id inflow_transaction_id outflow_transaction_id");
        if (!rejected) d.columns(r, 3, "status notes");
        w.write(rejected ? "RejectedTransfer" : "Transfer", d.timestamps(r, 5).object());
    }
}

void trades(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportTrades(s, f))
        w.write("Trade", Data()
                             .columns(r, 0,
                                      "id entry_id account_id security_id ticker security_name "
                                      "exchange_operating_mic date qty:decimal price:decimal "
                                      "amount:decimal currency timestamps")
                             .object());
}

void holdings(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportHoldings(s, f))
        w.write("Holding",
                Data()
                    .columns(r, 0,
                             "id account_id security_id ticker security_name "
                             "exchange_operating_mic exchange_mic exchange_acronym country_code "
                             "kind website_url date qty:decimal price:decimal amount:decimal "
                             "currency cost_basis:decimal cost_basis_source "
                             "cost_basis_locked:boolean security_locked:boolean")
                    .object());
}

void valuations(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportValuations(s, f)) {
        Data d;
        d.text("id", r, 0)
            .columns(r, 0, "entry_id account_id date amount:decimal currency name kind timestamps");
        w.write("Valuation", d.object());
    }
}

void budgets(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportBudgets(s, f))
        w.write("Budget", Data()
                              .columns(r, 0,
                                       "id start_date end_date budgeted_spending:decimal "
                                       "expected_income:decimal currency timestamps")
                              .object());
    for (const auto& r : store::exportBudgetCategories(s, f))
        w.write("BudgetCategory",
                Data()
                    .columns(r, 0,
                             "id budget_id category_id budgeted_spending:decimal currency "
                             "timestamps")
                    .object());
}

} // namespace

void exportFamilyNdjson(store::Tx& s, const std::string& familyId, std::ostream& out) {
    LineWriter w(out);
    accounts(s, familyId, w);
    balances(s, familyId, w);
    taxonomy(s, familyId, w);
    recurring(s, familyId, w);
    transactions(s, familyId, w);
    links(s, familyId, w, false);
    links(s, familyId, w, true);
    trades(s, familyId, w);
    holdings(s, familyId, w);
    valuations(s, familyId, w);
    budgets(s, familyId, w);
    exporting::rules(s, familyId, w);
}

} // namespace finimport::app
