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

void accounts(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportAccounts(s, f)) {
        Data d;
        d.text("id", r, 0)
            .text("name", r, 1)
            .decimal("balance", r, 2)
            .decimal("cash_balance", r, 3)
            .text("currency", r, 4);
        auto kind = r.isNull(5) ? std::nullopt : domain::accountKindFromSnake(r.str(5));
        d.value("accountable_type",
                kind ? std::string(domain::accountKindName(*kind)) : std::string());
        d.text("subtype", r, 6)
            .text("status", r, 7)
            .text("institution_name", r, 8)
            .text("institution_domain", r, 9);
        d.text("notes", r, 10).boolean("authoritative_balance_history", r, 11);
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
        d.text("id", r, 0)
            .text("account_id", r, 1)
            .text("date", r, 2)
            .decimal("balance", r, 3)
            .text("currency", r, 4);
        const char* parts[] = {
            "cash_balance",         "start_cash_balance", "start_non_cash_balance",
            "cash_inflows",         "cash_outflows",      "non_cash_inflows",
            "non_cash_outflows",    "net_market_flows",   "cash_adjustments",
            "non_cash_adjustments", "end_cash_balance",   "end_non_cash_balance"};
        for (size_t i = 0; i < 12; ++i)
            d.decimal(parts[i], r, 5 + i);
        d.value("end_balance", domain::Decimal::fromRaw(r.i64(3)).toString(1));
        d.integer("flows_factor", r, 17).timestamps(r, 18);
        w.write("Balance", d.object());
    }
}

void taxonomy(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportCategories(s, f)) {
        Data d;
        d.text("id", r, 0).text("name", r, 1).text("color", r, 2).text("classification", r, 3);
        d.text("lucide_icon", r, 4).text("parent_id", r, 5).timestamps(r, 6);
        w.write("Category", d.object());
    }
    for (const auto& r : store::exportTags(s, f)) {
        Data d;
        d.text("id", r, 0).text("name", r, 1).text("color", r, 2).timestamps(r, 3);
        w.write("Tag", d.object());
    }
    for (const auto& r : store::exportMerchants(s, f)) {
        Data d;
        d.text("id", r, 0)
            .text("name", r, 1)
            .text("color", r, 2)
            .text("logo_url", r, 3)
            .text("website_url", r, 4);
        w.write("Merchant", d.timestamps(r, 5).object());
    }
}

void recurring(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportRecurring(s, f)) {
        Data d;
        d.text("id", r, 0).text("account_id", r, 1).text("merchant_id", r, 2).text("name", r, 3);
        d.decimal("amount", r, 4).text("currency", r, 5).integer("expected_day_of_month", r, 6);
        d.text("last_occurrence_date", r, 7).text("next_expected_date", r, 8).text("status", r, 9);
        d.integer("occurrence_count", r, 10)
            .boolean("manual", r, 11)
            .decimal("expected_amount_min", r, 12);
        d.decimal("expected_amount_max", r, 13)
            .decimal("expected_amount_avg", r, 14)
            .timestamps(r, 15);
        w.write("RecurringTransaction", d.object());
    }
}

json::Value transactionData(store::Tx& s, const SqlRow& r) {
    Data d;
    d.text("id", r, 0)
        .text("entry_id", r, 0)
        .text("account_id", r, 1)
        .text("date", r, 2)
        .decimal("amount", r, 3);
    d.text("currency", r, 4).text("name", r, 5).text("notes", r, 6).boolean("excluded", r, 7);
    d.text("category_id", r, 8).text("merchant_id", r, 9);
    json::Value tags = json::Value::makeArray();
    for (const auto& t : store::exportTagIds(s, r.str(0)))
        tags.push(json::Value::makeString(t));
    d.value("tag_ids", std::move(tags)).text("kind", r, 10).timestamps(r, 11);
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
        d.text("id", r, 0).text("inflow_transaction_id", r, 1).text("outflow_transaction_id", r, 2);
        if (!rejected) d.text("status", r, 3).text("notes", r, 4);
        w.write(rejected ? "RejectedTransfer" : "Transfer", d.timestamps(r, 5).object());
    }
}

void trades(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportTrades(s, f)) {
        Data d;
        d.text("id", r, 0)
            .text("entry_id", r, 1)
            .text("account_id", r, 2)
            .text("security_id", r, 3)
            .text("ticker", r, 4);
        d.text("security_name", r, 5)
            .text("exchange_operating_mic", r, 6)
            .text("date", r, 7)
            .decimal("qty", r, 8);
        d.decimal("price", r, 9).decimal("amount", r, 10).text("currency", r, 11).timestamps(r, 12);
        w.write("Trade", d.object());
    }
}

void holdings(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportHoldings(s, f)) {
        Data d;
        d.text("id", r, 0).text("account_id", r, 1).text("security_id", r, 2).text("ticker", r, 3);
        d.text("security_name", r, 4)
            .text("exchange_operating_mic", r, 5)
            .text("exchange_mic", r, 6);
        d.text("exchange_acronym", r, 7)
            .text("country_code", r, 8)
            .text("kind", r, 9)
            .text("website_url", r, 10);
        d.text("date", r, 11)
            .decimal("qty", r, 12)
            .decimal("price", r, 13)
            .decimal("amount", r, 14);
        d.text("currency", r, 15).decimal("cost_basis", r, 16).text("cost_basis_source", r, 17);
        d.boolean("cost_basis_locked", r, 18).boolean("security_locked", r, 19);
        w.write("Holding", d.object());
    }
}

void valuations(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportValuations(s, f)) {
        Data d;
        d.text("id", r, 0)
            .text("entry_id", r, 0)
            .text("account_id", r, 1)
            .text("date", r, 2)
            .decimal("amount", r, 3);
        d.text("currency", r, 4).text("name", r, 5).text("kind", r, 6).timestamps(r, 7);
        w.write("Valuation", d.object());
    }
}

void budgets(store::Tx& s, const std::string& f, LineWriter& w) {
    for (const auto& r : store::exportBudgets(s, f)) {
        Data d;
        d.text("id", r, 0)
            .text("start_date", r, 1)
            .text("end_date", r, 2)
            .decimal("budgeted_spending", r, 3);
        d.decimal("expected_income", r, 4).text("currency", r, 5).timestamps(r, 6);
        w.write("Budget", d.object());
    }
    for (const auto& r : store::exportBudgetCategories(s, f)) {
        Data d;
        d.text("id", r, 0)
            .text("budget_id", r, 1)
            .text("category_id", r, 2)
            .decimal("budgeted_spending", r, 3);
        w.write("BudgetCategory", d.text("currency", r, 4).timestamps(r, 5).object());
    }
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
