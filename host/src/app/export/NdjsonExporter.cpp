#include "app/export/NdjsonExporter.h"

#include "app/export/ExportLines.h"
#include "domain/AccountKind.h"
#include "domain/Decimal.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>

#include <functional>

namespace finimport::app {

using exporting::Data;
using exporting::LineWriter;
using store::sqlQuery;
using store::SqlRow;

namespace {

// Accounts are ordered by name first; entries by account, date and content. The timestamp and
// id come last, only to break ties between identical records.
const char* kAccountOrder = "a.name, a.created_at, a.id";

void accounts(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r :
         sqlQuery(s,
                  "SELECT a.id, a.name, a.balance, a.cash_balance, a.currency, a.account_type, "
                  "a.subtype, "
                  "a.status, a.institution_name, a.institution_domain, a.notes, "
                  "a.authoritative_balance_history, a.created_at, a.updated_at, "
                  "(SELECT COUNT(*) FROM entries e JOIN valuations v ON v.entry_id = e.id "
                  "WHERE e.account_id = a.id AND v.kind = 'opening_anchor') "
                  "FROM accounts a WHERE a.family_id = ? ORDER BY " +
                      std::string(kAccountOrder),
                  {f})) {
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

void balances(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r : sqlQuery(
             s,
             "SELECT b.id, b.account_id, b.date, b.balance, b.currency, b.cash_balance, "
             "b.start_cash_balance, b.start_non_cash_balance, b.cash_inflows, b.cash_outflows, "
             "b.non_cash_inflows, b.non_cash_outflows, b.net_market_flows, b.cash_adjustments, "
             "b.non_cash_adjustments, b.end_cash_balance, b.end_non_cash_balance, b.flows_factor, "
             "b.created_at, b.updated_at FROM balances b JOIN accounts a ON a.id = b.account_id "
             "WHERE a.family_id = ? ORDER BY " +
                 std::string(kAccountOrder) + ", b.date, b.currency",
             {f})) {
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

void taxonomy(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r : sqlQuery(s,
                                  "SELECT id, name, color, classification, lucide_icon, parent_id, "
                                  "created_at, updated_at "
                                  "FROM categories WHERE family_id = ? ORDER BY name",
                                  {f})) {
        Data d;
        d.text("id", r, 0).text("name", r, 1).text("color", r, 2).text("classification", r, 3);
        d.text("lucide_icon", r, 4).text("parent_id", r, 5).timestamps(r, 6);
        w.write("Category", d.object());
    }
    for (const auto& r : sqlQuery(s,
                                  "SELECT id, name, color, created_at, updated_at FROM tags WHERE "
                                  "family_id = ? ORDER BY name",
                                  {f})) {
        Data d;
        d.text("id", r, 0).text("name", r, 1).text("color", r, 2).timestamps(r, 3);
        w.write("Tag", d.object());
    }
    for (const auto& r : sqlQuery(
             s,
             "SELECT id, name, color, logo_url, website_url, created_at, updated_at FROM merchants "
             "WHERE family_id = ? ORDER BY name, created_at, id",
             {f})) {
        Data d;
        d.text("id", r, 0)
            .text("name", r, 1)
            .text("color", r, 2)
            .text("logo_url", r, 3)
            .text("website_url", r, 4);
        w.write("Merchant", d.timestamps(r, 5).object());
    }
}

void recurring(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r : sqlQuery(
             s,
             "SELECT id, account_id, merchant_id, name, amount, currency, expected_day_of_month, "
             "last_occurrence_date, next_expected_date, status, occurrence_count, manual, "
             "expected_amount_min, expected_amount_max, expected_amount_avg, created_at, "
             "updated_at "
             "FROM recurring_transactions WHERE family_id = ? ORDER BY COALESCE(name, ''), "
             "next_expected_date, amount, created_at, id",
             {f})) {
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

Poco::JSON::Object::Ptr transactionData(Poco::Data::Session& s, const SqlRow& r) {
    Data d;
    d.text("id", r, 0)
        .text("entry_id", r, 0)
        .text("account_id", r, 1)
        .text("date", r, 2)
        .decimal("amount", r, 3);
    d.text("currency", r, 4).text("name", r, 5).text("notes", r, 6).boolean("excluded", r, 7);
    d.text("category_id", r, 8).text("merchant_id", r, 9);
    Poco::JSON::Array::Ptr tags = new Poco::JSON::Array;
    for (const auto& t :
         sqlQuery(s,
                  "SELECT tt.tag_id FROM transaction_tags tt JOIN tags g ON g.id = tt.tag_id "
                  "WHERE tt.entry_id = ? ORDER BY g.name",
                  {r.str(0)}))
        tags->add(t.str(0));
    d.value("tag_ids", tags).text("kind", r, 10).timestamps(r, 11);
    return d.object();
}

const char* kTransactionSelect =
    "SELECT e.id, e.account_id, e.date, e.amount, e.currency, e.name, e.notes, e.excluded, "
    "t.category_id, t.merchant_id, t.kind, e.created_at, e.updated_at "
    "FROM entries e JOIN transactions t ON t.entry_id = e.id ";

void transactions(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r :
         sqlQuery(s,
                  std::string(kTransactionSelect) +
                      "JOIN accounts a ON a.id = e.account_id WHERE a.family_id = ? AND "
                      "e.parent_entry_id IS NULL ORDER BY " +
                      kAccountOrder + ", e.date, e.name, e.amount, e.created_at, e.id",
                  {f})) {
        auto data = transactionData(s, r);
        auto children = sqlQuery(
            s,
            std::string(kTransactionSelect) +
                "WHERE e.parent_entry_id = ? ORDER BY e.created_at, e.name, e.amount, e.id",
            {r.str(0)});
        if (!children.empty()) {
            Poco::JSON::Array::Ptr splits = new Poco::JSON::Array;
            for (const auto& c : children)
                splits->add(transactionData(s, c));
            data->set("split_lines", splits);
        }
        w.write("Transaction", data);
    }
}

void links(Poco::Data::Session& s, const std::string& f, LineWriter& w, bool rejected) {
    std::string sql =
        std::string("SELECT l.id, l.inflow_transaction_id, l.outflow_transaction_id, ") +
        (rejected ? "NULL, NULL" : "l.status, l.notes") + ", l.created_at, l.updated_at FROM " +
        (rejected ? "rejected_transfers" : "transfers") +
        " l JOIN entries i ON i.id = l.inflow_transaction_id JOIN entries o ON o.id = "
        "l.outflow_transaction_id JOIN accounts a ON a.id = i.account_id WHERE a.family_id = ? "
        "ORDER BY " +
        kAccountOrder + ", i.date, i.name, i.amount, o.name, l.created_at, l.id";
    for (const auto& r : sqlQuery(s, sql, {f})) {
        Data d;
        d.text("id", r, 0).text("inflow_transaction_id", r, 1).text("outflow_transaction_id", r, 2);
        if (!rejected) d.text("status", r, 3).text("notes", r, 4);
        w.write(rejected ? "RejectedTransfer" : "Transfer", d.timestamps(r, 5).object());
    }
}

void trades(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r :
         sqlQuery(s,
                  "SELECT t.id, e.id, e.account_id, t.security_id, sec.ticker, sec.name, "
                  "sec.exchange_operating_mic, e.date, t.qty, t.price, e.amount, e.currency, "
                  "e.created_at, e.updated_at FROM entries e JOIN trades t ON t.entry_id = e.id "
                  "JOIN accounts a ON a.id = e.account_id LEFT JOIN securities sec ON sec.id = "
                  "t.security_id "
                  "WHERE a.family_id = ? ORDER BY " +
                      std::string(kAccountOrder) +
                      ", e.date, sec.ticker, t.qty, t.price, e.created_at, e.id",
                  {f})) {
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

void holdings(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r : sqlQuery(
             s,
             "SELECT h.id, h.account_id, h.security_id, sec.ticker, sec.name, "
             "sec.exchange_operating_mic, "
             "sec.exchange_mic, sec.exchange_acronym, sec.country_code, sec.kind, sec.website_url, "
             "h.date, h.qty, h.price, h.amount, h.currency, h.cost_basis, h.cost_basis_source, "
             "h.cost_basis_locked, h.security_locked FROM holdings h JOIN accounts a ON a.id = "
             "h.account_id "
             "LEFT JOIN securities sec ON sec.id = h.security_id WHERE a.family_id = ? ORDER BY " +
                 std::string(kAccountOrder) + ", h.date, sec.ticker, h.currency",
             {f})) {
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

void valuations(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r : sqlQuery(s,
                                  "SELECT e.id, e.account_id, e.date, e.amount, e.currency, "
                                  "e.name, v.kind, e.created_at, "
                                  "e.updated_at FROM entries e JOIN valuations v ON v.entry_id = "
                                  "e.id JOIN accounts a ON "
                                  "a.id = e.account_id WHERE a.family_id = ? ORDER BY " +
                                      std::string(kAccountOrder) + ", e.date, e.created_at, e.id",
                                  {f})) {
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

void budgets(Poco::Data::Session& s, const std::string& f, LineWriter& w) {
    for (const auto& r :
         sqlQuery(s,
                  "SELECT id, start_date, end_date, budgeted_spending, expected_income, currency, "
                  "created_at, updated_at FROM budgets WHERE family_id = ? ORDER BY start_date, "
                  "end_date, id",
                  {f})) {
        Data d;
        d.text("id", r, 0)
            .text("start_date", r, 1)
            .text("end_date", r, 2)
            .decimal("budgeted_spending", r, 3);
        d.decimal("expected_income", r, 4).text("currency", r, 5).timestamps(r, 6);
        w.write("Budget", d.object());
    }
    for (const auto& r :
         sqlQuery(s,
                  "SELECT bc.id, bc.budget_id, bc.category_id, bc.budgeted_spending, bc.currency, "
                  "bc.created_at, bc.updated_at FROM budget_categories bc JOIN budgets b ON b.id = "
                  "bc.budget_id "
                  "JOIN categories c ON c.id = bc.category_id WHERE b.family_id = ? "
                  "ORDER BY b.start_date, b.end_date, c.name",
                  {f})) {
        Data d;
        d.text("id", r, 0)
            .text("budget_id", r, 1)
            .text("category_id", r, 2)
            .decimal("budgeted_spending", r, 3);
        w.write("BudgetCategory", d.text("currency", r, 4).timestamps(r, 5).object());
    }
}

} // namespace

void exportFamilyNdjson(Poco::Data::Session& s, const std::string& familyId, std::ostream& out) {
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
