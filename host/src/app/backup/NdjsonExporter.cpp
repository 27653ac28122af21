#include "app/backup/NdjsonExporter.h"

#include "app/backup/ExportLines.h"
#include "domain/AccountKind.h"
#include "domain/Decimal.h"
#include "domain/Json.h"
#include "store/BackupExportQueries.h"

#include <initializer_list>

namespace finimport::app {

using exporting::Data;
using exporting::LineWriter;
using store::SqlRow;

namespace {

// Each kind's data object lists its keys in the order of its export query's columns
// (store/BackupExportQueries.h); the few keys not read from one column are written between.

void accounts(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportRows(s, store::ExportQuery::Accounts, f)) {
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
    for (const auto& r : store::exportRows(s, store::ExportQuery::Balances, f)) {
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

// A kind whose line is its query's columns, nothing else.
struct PlainKind {
    store::ExportQuery query;
    const char* type;
    const char* columns; // Data::columns' spec from column 0
};

void plain(store::Tx& s, const std::string& f, LineWriter& w,
           std::initializer_list<PlainKind> kinds) {
    for (const auto& kind : kinds)
        for (const auto& r : store::exportRows(s, kind.query, f))
            w.write(kind.type, Data().columns(r, 0, kind.columns).object());
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
    for (const auto& r : store::exportRows(s, store::ExportQuery::Transactions, f)) {
        auto data = transactionData(s, r);
        auto children = store::exportRows(s, store::ExportQuery::SplitLines, r.str(0));
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
    auto query = rejected ? store::ExportQuery::RejectedTransfers : store::ExportQuery::Transfers;
    for (const auto& r : store::exportRows(s, query, f)) {
        Data d;
        d.columns(r, 0, "id inflow_transaction_id outflow_transaction_id");
        if (!rejected) d.columns(r, 3, "status notes");
        w.write(rejected ? "RejectedTransfer" : "Transfer", d.timestamps(r, 5).object());
    }
}

void valuations(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportRows(s, store::ExportQuery::Valuations, f)) {
        Data d;
        d.text("id", r, 0)
            .columns(r, 0, "entry_id account_id date amount:decimal currency name kind timestamps");
        w.write("Valuation", d.object());
    }
}

} // namespace

void exportFamilyNdjson(store::Tx& s, const std::string& familyId, std::ostream& out) {
    LineWriter w(out);
    accounts(s, familyId, w);
    balances(s, familyId, w);
    using Q = store::ExportQuery;
    plain(s, familyId, w,
          {{Q::Categories, "Category",
            "id name color classification lucide_icon parent_id timestamps"},
           {Q::Tags, "Tag", "id name color timestamps"},
           {Q::Merchants, "Merchant", "id name color logo_url website_url timestamps"},
           {Q::Recurring, "RecurringTransaction",
            "id account_id merchant_id name amount:decimal currency expected_day_of_month:integer "
            "last_occurrence_date next_expected_date status occurrence_count:integer "
            "manual:boolean expected_amount_min:decimal expected_amount_max:decimal "
            "expected_amount_avg:decimal timestamps"}});
    transactions(s, familyId, w);
    links(s, familyId, w, false);
    links(s, familyId, w, true);
    plain(s, familyId, w,
          {{Q::Trades, "Trade",
            "id entry_id account_id security_id ticker security_name exchange_operating_mic date "
            "qty:decimal price:decimal amount:decimal currency timestamps"},
           {Q::Holdings, "Holding",
            "id account_id security_id ticker security_name exchange_operating_mic exchange_mic "
            "exchange_acronym country_code kind website_url date qty:decimal price:decimal "
            "amount:decimal currency cost_basis:decimal cost_basis_source "
            "cost_basis_locked:boolean security_locked:boolean"}});
    valuations(s, familyId, w);
    plain(s, familyId, w,
          {{Q::Budgets, "Budget",
            "id start_date end_date budgeted_spending:decimal expected_income:decimal currency "
            "timestamps"},
           {Q::BudgetCategories, "BudgetCategory",
            "id budget_id category_id budgeted_spending:decimal currency timestamps"}});
    exporting::rules(s, familyId, w);
}

} // namespace finimport::app
