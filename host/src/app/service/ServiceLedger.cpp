// ServiceImporter: records on accounts — balances, recurring transactions, transactions (with
// split lines), transfers, trades, holdings, valuations (IMPORTS.md §6.12).
#include "app/service/ServiceImporter.h"

#include "domain/AccountKind.h"
#include "store/EntryStore.h"
#include "store/SecurityStore.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <Poco/JSON/Array.h>

namespace finimport::app::service {

using store::sqlExec;
using store::sqlOpt;
using store::SqlValue;

namespace {

std::vector<std::string> mappedTags(const std::map<std::string, std::string>& tags,
                                    const JsonObject& obj) {
    std::vector<std::string> out;
    if (!obj->has("tag_ids") || obj->get("tag_ids").type() != typeid(Poco::JSON::Array::Ptr))
        return out;
    auto list = obj->getArray("tag_ids");
    for (size_t i = 0; i < list->size(); ++i) {
        auto v = list->get(static_cast<unsigned>(i));
        if (v.isEmpty()) continue;
        auto it = tags.find(trimText(v.convert<std::string>()));
        if (it != tags.end() && std::find(out.begin(), out.end(), it->second) == out.end())
            out.push_back(it->second);
    }
    return out;
}

Poco::JSON::Array::Ptr splitLines(const JsonObject& data) {
    for (const char* k : {"split_lines", "splitLines", "splits"})
        if (data->has(k) && data->get(k).type() == typeid(Poco::JSON::Array::Ptr))
            return data->getArray(k);
    return nullptr;
}

} // namespace

void ServiceImporter::balances(const ServiceRecord& r) {
    const AccountInfo* a = account(r);
    auto date = dateOf(r.data, "date");
    auto balance = decimalOf(r.data, "balance");
    if (!a || !date || !balance) return; // skipped (IMPORTS.md §6.12 record reference)
    std::string cur = currency(r, a->currency);
    auto existing = store::sqlQueryOne(
        _s, "SELECT id FROM balances WHERE account_id = ? AND date = ? AND currency = ?",
        {a->id, date->iso(), cur});
    int64_t cash = optionalDecimal(r, "cash_balance").value_or(balance->raw());
    auto part = [&](const char* key) { return optionalDecimal(r, key).value_or(0); };
    int64_t factor = integerOf(r.data, "flows_factor").value_or(1) == -1 ? -1 : 1;
    int64_t now = store::nowMicros();
    std::vector<SqlValue> values = {balance->raw(),
                                    cash,
                                    part("start_cash_balance"),
                                    part("start_non_cash_balance"),
                                    part("cash_inflows"),
                                    part("cash_outflows"),
                                    part("non_cash_inflows"),
                                    part("non_cash_outflows"),
                                    part("net_market_flows"),
                                    part("cash_adjustments"),
                                    part("non_cash_adjustments"),
                                    cash,
                                    (*balance - domain::Decimal::fromRaw(cash)).raw(),
                                    factor};
    if (existing) {
        values.push_back(now);
        values.push_back(existing->str(0));
        sqlExec(_s,
                "UPDATE balances SET balance = ?, cash_balance = ?, start_cash_balance = ?, "
                "start_non_cash_balance = ?, cash_inflows = ?, cash_outflows = ?, non_cash_inflows "
                "= ?, "
                "non_cash_outflows = ?, net_market_flows = ?, cash_adjustments = ?, "
                "non_cash_adjustments = ?, "
                "end_cash_balance = ?, end_non_cash_balance = ?, flows_factor = ?, updated_at = ? "
                "WHERE id = ?",
                values);
        return;
    }
    std::string id = store::newUuid();
    std::vector<SqlValue> all = {id, a->id, date->iso(), cur};
    all.insert(all.end(), values.begin(), values.end());
    all.insert(all.end(), {_import.id, now, now});
    sqlExec(
        _s,
        "INSERT INTO balances (id, account_id, date, currency, balance, cash_balance, "
        "start_cash_balance, "
        "start_non_cash_balance, cash_inflows, cash_outflows, non_cash_inflows, non_cash_outflows, "
        "net_market_flows, cash_adjustments, non_cash_adjustments, end_cash_balance, "
        "end_non_cash_balance, "
        "flows_factor, import_id, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        all);
    created("Balance", id);
}

void ServiceImporter::recurring(const ServiceRecord& r) {
    auto day = integerOf(r.data, "expected_day_of_month");
    auto last = dateOf(r.data, "last_occurrence_date"), next = dateOf(r.data, "next_expected_date");
    if (!day || *day < 1 || *day > 31 || !last || !next) return; // skipped silently
    auto merchant = mapped(_merchants, r.data, "merchant_id");
    if (presentText(r.data, "merchant_id") && !merchant) return;
    auto name = presentText(r.data, "name");
    if (!merchant && !name) return;
    const AccountInfo* a = account(r);
    std::string status =
        presentText(r.data, "status").value_or("active") == "inactive" ? "inactive" : "active";
    std::string id = store::newUuid();
    int64_t now = store::nowMicros();
    sqlExec(_s,
            "INSERT INTO recurring_transactions (id, family_id, account_id, merchant_id, name, "
            "amount, currency, "
            "expected_day_of_month, last_occurrence_date, next_expected_date, status, "
            "occurrence_count, manual, "
            "expected_amount_min, expected_amount_max, expected_amount_avg, import_id, created_at, "
            "updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {id, _import.familyId, a ? SqlValue(a->id) : SqlValue(nullptr), sqlOpt(merchant),
             sqlOpt(name), requiredDecimal(r, "amount").raw(), currency(r, _family.currency), *day,
             last->iso(), next->iso(), status, integerOf(r.data, "occurrence_count").value_or(0),
             int64_t(truthyOf(r.data, "manual")), sqlOpt(optionalDecimal(r, "expected_amount_min")),
             sqlOpt(optionalDecimal(r, "expected_amount_max")),
             sqlOpt(optionalDecimal(r, "expected_amount_avg")), _import.id, now, now});
    created("RecurringTransaction", id);
    if (auto source = presentText(r.data, "id")) _recurring[*source] = id;
}

void ServiceImporter::transactions(const ServiceRecord& r) {
    const AccountInfo* a = account(r);
    if (!a) return;
    domain::Date date = requiredDate(r, "date");
    domain::Decimal amount = requiredDecimal(r, "amount");
    store::EntryStore entries(_s);
    store::EntryRow e;
    e.accountId = a->id;
    e.date = date.iso();
    e.amount = amount.raw();
    e.currency = currency(r, a->currency);
    e.name = presentText(r.data, "name").value_or("Imported transaction");
    e.notes = textOf(r.data, "notes");
    e.excluded = truthyOf(r.data, "excluded");
    e.importId = _import.id;
    store::TransactionDetail d;
    d.categoryId = mapped(_categories, r.data, "category_id");
    d.merchantId = mapped(_merchants, r.data, "merchant_id");
    d.kind = presentText(r.data, "kind").value_or("standard");
    d.tagIds = mappedTags(_tags, r.data);
    auto splits = splitLines(r.data);
    if (!splits || splits->size() == 0) {
        entries.insertTransaction(e, d);
        created("Entry", e.id);
        if (auto source = presentText(r.data, "id")) _transactions[*source] = e.id;
        return;
    }
    // A split parent: excluded, no tags; its children carry the amounts (and the tags).
    domain::Decimal sum;
    for (size_t i = 0; i < splits->size(); ++i) {
        auto split = splits->getObject(static_cast<unsigned>(i));
        if (!split) fail(r, "split line " + std::to_string(i + 1) + " must be a JSON object.");
        std::optional<std::string> text;
        for (const char* k : {"amount", "amount_money", "amount_decimal"})
            if (!text) text = presentText(split, k);
        auto value = text ? domain::Decimal::parse(*text) : std::nullopt;
        if (!value) fail(r, "split line " + std::to_string(i + 1) + " has an invalid amount.");
        sum += *value;
    }
    if (sum != amount)
        fail(r, "split amounts total " + sum.toString(2) + " but the transaction amount is " +
                    amount.toString(2) + ".");
    store::TransactionDetail parent = d;
    parent.tagIds.clear();
    e.excluded = true;
    entries.insertTransaction(e, parent);
    created("Entry", e.id);
    if (auto source = presentText(r.data, "id")) _transactions[*source] = e.id;
    for (size_t i = 0; i < splits->size(); ++i) {
        auto split = splits->getObject(static_cast<unsigned>(i));
        std::optional<std::string> text;
        for (const char* k : {"amount", "amount_money", "amount_decimal"})
            if (!text) text = presentText(split, k);
        store::EntryRow c;
        c.accountId = e.accountId;
        c.date = e.date;
        c.amount = domain::Decimal::parse(*text)->raw();
        c.currency = e.currency;
        c.name =
            presentText(split, "name")
                .value_or(
                    presentText(split, "memo")
                        .value_or(presentText(split, "description").value_or("Imported split")));
        c.notes = textOf(split, "notes");
        c.excluded = truthyOf(split, "excluded");
        c.parentEntryId = e.id;
        c.importId = _import.id;
        store::TransactionDetail cd;
        cd.categoryId = mapped(_categories, split, "category_id");
        cd.merchantId =
            split->has("merchant_id") ? mapped(_merchants, split, "merchant_id") : d.merchantId;
        cd.kind = presentText(split, "kind").value_or(d.kind);
        cd.tagIds = split->has("tag_ids") ? mappedTags(_tags, split) : d.tagIds;
        entries.insertTransaction(c, cd);
        created("Entry", c.id);
        ++_implicit["transactions"];
        if (auto source = presentText(split, "id")) _transactions[*source] = c.id;
    }
}

std::string ServiceImporter::security(const ServiceRecord& r) {
    if (auto id = mapped(_securities, r.data, "security_id")) return *id;
    std::string ticker = presentText(r.data, "ticker").value_or("");
    for (auto& c : ticker)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::string id = store::SecurityStore(_s).findOrCreate(
        _import.familyId, ticker, presentText(r.data, "exchange_operating_mic").value_or(""),
        presentText(r.data, "security_name"));
    // Metadata fills only what the security lacks.
    for (const char* column :
         {"exchange_mic", "exchange_acronym", "country_code", "website_url", "kind"})
        if (auto value = presentText(r.data, column))
            sqlExec(_s,
                    std::string("UPDATE securities SET ") + column + " = ? WHERE id = ? AND (" +
                        column + " IS NULL OR " + column + " = '')",
                    {*value, id});
    if (auto source = presentText(r.data, "security_id")) _securities[*source] = id;
    return id;
}

void ServiceImporter::trades(const ServiceRecord& r) {
    const AccountInfo* a = account(r);
    if (!a) return;
    domain::Date date = requiredDate(r, "date");
    domain::Decimal qty = requiredDecimal(r, "qty"), price = requiredDecimal(r, "price"),
                    amount = requiredDecimal(r, "amount");
    std::string ticker = presentText(r.data, "ticker").value_or("");
    std::string securityId = security(r);
    store::EntryRow e;
    e.accountId = a->id;
    e.date = date.iso();
    e.amount = amount.raw();
    e.currency = currency(r, a->currency);
    e.name = std::string(qty.isNegative() ? "Sell " : "Buy ") + ticker;
    e.importId = _import.id;
    store::TradeDetail t;
    t.securityId = securityId;
    t.qty = qty.raw();
    t.price = price.raw();
    t.currency = e.currency;
    store::EntryStore(_s).insertTrade(e, t);
    created("Entry", e.id);
}

void ServiceImporter::holdings(const ServiceRecord& r) {
    const AccountInfo* a = account(r);
    if (!a) return;
    domain::Date date = requiredDate(r, "date");
    domain::Decimal qty = requiredDecimal(r, "qty"), price = requiredDecimal(r, "price"),
                    amount = requiredDecimal(r, "amount");
    if (qty.isNegative() || price.isNegative() || amount.isNegative())
        fail(r, "must have qty, price and amount of 0 or more.");
    std::string securityId = security(r), cur = currency(r, a->currency);
    auto source = presentText(r.data, "cost_basis_source").value_or("");
    std::optional<std::string> costSource;
    if (source == "manual" || source == "calculated" || source == "provider") costSource = source;
    int64_t now = store::nowMicros();
    std::vector<SqlValue> values = {qty.raw(),
                                    price.raw(),
                                    amount.raw(),
                                    sqlOpt(optionalDecimal(r, "cost_basis")),
                                    sqlOpt(costSource),
                                    int64_t(truthyOf(r.data, "cost_basis_locked")),
                                    int64_t(truthyOf(r.data, "security_locked"))};
    if (auto existing =
            store::sqlQueryOne(_s,
                               "SELECT id FROM holdings WHERE account_id = ? AND security_id = ? "
                               "AND date = ? AND currency = ?",
                               {a->id, securityId, date.iso(), cur})) {
        values.insert(values.end(), {now, existing->str(0)});
        sqlExec(_s,
                "UPDATE holdings SET qty = ?, price = ?, amount = ?, cost_basis = ?, "
                "cost_basis_source = ?, "
                "cost_basis_locked = ?, security_locked = ?, updated_at = ? WHERE id = ?",
                values);
        return;
    }
    std::string id = store::newUuid();
    std::vector<SqlValue> all = {id, a->id, securityId, date.iso()};
    all.insert(all.end(), values.begin(), values.begin() + 3);
    all.push_back(cur);
    all.insert(all.end(), values.begin() + 3, values.end());
    all.insert(all.end(), {_import.id, now, now});
    sqlExec(
        _s,
        "INSERT INTO holdings (id, account_id, security_id, date, qty, price, amount, currency, "
        "cost_basis, "
        "cost_basis_source, cost_basis_locked, security_locked, import_id, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        all);
    created("Holding", id);
}

void ServiceImporter::valuations(const ServiceRecord& r) {
    const AccountInfo* a = account(r);
    if (!a) return;
    domain::Date date = requiredDate(r, "date");
    domain::Decimal amount = requiredDecimal(r, "amount");
    if (store::sqlCount(_s,
                        "SELECT COUNT(*) FROM entries WHERE account_id = ? AND date = ? AND "
                        "entryable_type = 'Valuation'",
                        {a->id, date.iso()}) > 0)
        fail(r, "duplicates a valuation on " + date.iso() + ".");
    std::string kind = presentText(r.data, "kind").value_or("reconciliation");
    if (kind != "opening_anchor" && kind != "current_anchor") kind = "reconciliation";
    store::EntryRow e;
    e.accountId = a->id;
    e.date = date.iso();
    e.amount = amount.raw();
    e.currency = currency(r, a->currency);
    e.name = presentText(r.data, "name").value_or("Valuation");
    e.importId = _import.id;
    store::EntryStore(_s).insertValuation(e, kind);
    created("Entry", e.id);
}

} // namespace finimport::app::service
