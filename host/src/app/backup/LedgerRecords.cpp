// RecordWriter: records on accounts — balances, recurring transactions, transactions (with
// split lines), transfers, trades, holdings, valuations (docs/imports.md §6.12).
#include "app/backup/RecordWriter.h"

#include "domain/AccountKind.h"
#include "store/BackupLedgerWrites.h"
#include "store/EntryStore.h"
#include "store/RecurringStore.h"
#include "store/SecurityStore.h"

namespace finimport::app::backup {

namespace {

std::vector<std::string> mappedTags(const std::map<std::string, std::string>& tags,
                                    const JsonObject& obj) {
    std::vector<std::string> out;
    auto list = arrayOf(obj, "tag_ids");
    if (!list) return out;
    for (const JsonValue& v : list->items()) {
        auto text = scalarText(v);
        if (!text) continue;
        auto it = tags.find(trimText(*text));
        if (it != tags.end() && std::find(out.begin(), out.end(), it->second) == out.end())
            out.push_back(it->second);
    }
    return out;
}

JsonObject splitLines(const JsonObject& data) {
    for (const char* k : {"split_lines", "splitLines", "splits"})
        if (auto lines = arrayOf(data, k)) return lines;
    return nullptr;
}

} // namespace

void RecordWriter::balances(const BackupRecord& r) {
    const AccountInfo* a = account(r);
    auto date = dateOf(r.data, "date");
    auto balance = decimalOf(r.data, "balance");
    if (!a || !date || !balance) return; // skipped (docs/imports.md §6.12 record reference)
    std::string cur = currency(r, a->currency);
    int64_t cash = optionalDecimal(r, "cash_balance").value_or(balance->raw());
    auto part = [&](const char* key) { return optionalDecimal(r, key).value_or(0); };
    store::ImportedBalance b;
    b.accountId = a->id;
    b.date = date->iso();
    b.currency = cur;
    b.importId = _import.id;
    b.balance = balance->raw();
    b.cashBalance = cash;
    b.startCashBalance = part("start_cash_balance");
    b.startNonCashBalance = part("start_non_cash_balance");
    b.cashInflows = part("cash_inflows");
    b.cashOutflows = part("cash_outflows");
    b.nonCashInflows = part("non_cash_inflows");
    b.nonCashOutflows = part("non_cash_outflows");
    b.netMarketFlows = part("net_market_flows");
    b.cashAdjustments = part("cash_adjustments");
    b.nonCashAdjustments = part("non_cash_adjustments");
    b.endCashBalance = cash;
    b.endNonCashBalance = (*balance - domain::Decimal::fromRaw(cash)).raw();
    b.flowsFactor = integerOf(r.data, "flows_factor").value_or(1) == -1 ? -1 : 1;
    if (auto id = store::upsertImportedBalance(_s, b)) created("Balance", *id);
}

void RecordWriter::recurring(const BackupRecord& r) {
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
    store::RecurringRow row;
    row.familyId = _import.familyId;
    if (a) row.accountId = a->id;
    row.merchantId = merchant;
    row.name = name;
    row.amount = requiredDecimal(r, "amount").raw();
    row.currency = currency(r, _family.currency);
    row.expectedDayOfMonth = *day;
    row.lastOccurrenceDate = last->iso();
    row.nextExpectedDate = next->iso();
    row.status = status;
    row.occurrenceCount = integerOf(r.data, "occurrence_count").value_or(0);
    row.manual = truthyOf(r.data, "manual");
    row.expectedAmountMin = optionalDecimal(r, "expected_amount_min");
    row.expectedAmountMax = optionalDecimal(r, "expected_amount_max");
    row.expectedAmountAvg = optionalDecimal(r, "expected_amount_avg");
    row.importId = _import.id;
    store::RecurringStore(_s).insert(row);
    const std::string& id = row.id;
    created(r, "RecurringTransaction", id, _recurring);
}

store::EntryRow RecordWriter::entryOf(const BackupRecord& r, const AccountInfo& a,
                                      const domain::Date& date,
                                      const domain::Decimal& amount) const {
    store::EntryRow e;
    e.accountId = a.id;
    e.date = date.iso();
    e.amount = amount.raw();
    e.currency = currency(r, a.currency);
    e.importId = _import.id;
    return e;
}

void RecordWriter::transactions(const BackupRecord& r) {
    const AccountInfo* a = account(r);
    if (!a) return;
    domain::Date date = requiredDate(r, "date");
    domain::Decimal amount = requiredDecimal(r, "amount");
    store::EntryStore entries(_s);
    store::EntryRow e = entryOf(r, *a, date, amount);
    e.name = presentText(r.data, "name").value_or("Imported transaction");
    e.notes = textOf(r.data, "notes");
    e.excluded = truthyOf(r.data, "excluded");
    store::TransactionDetail d;
    d.categoryId = mapped(_categories, r.data, "category_id");
    d.merchantId = mapped(_merchants, r.data, "merchant_id");
    d.kind = presentText(r.data, "kind").value_or("standard");
    d.tagIds = mappedTags(_tags, r.data);
    auto splits = splitLines(r.data);
    if (sizeOf(splits) == 0) {
        entries.insertTransaction(e, d);
        created(r, "Entry", e.id, _transactions);
        return;
    }
    // A split parent: excluded, no tags; its children carry the amounts (and the tags).
    domain::Decimal sum;
    for (size_t i = 0; i < sizeOf(splits); ++i) {
        auto split = elementOf(splits, i);
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
    created(r, "Entry", e.id, _transactions);
    for (size_t i = 0; i < sizeOf(splits); ++i) {
        auto split = elementOf(splits, i);
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
            has(split, "merchant_id") ? mapped(_merchants, split, "merchant_id") : d.merchantId;
        cd.kind = presentText(split, "kind").value_or(d.kind);
        cd.tagIds = has(split, "tag_ids") ? mappedTags(_tags, split) : d.tagIds;
        entries.insertTransaction(c, cd);
        created("Entry", c.id);
        ++_implicit["transactions"];
        if (auto source = presentText(split, "id")) _transactions[*source] = c.id;
    }
}

std::string RecordWriter::security(const BackupRecord& r) {
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
            store::fillSecurityColumn(_s, id, column, *value);
    if (auto source = presentText(r.data, "security_id")) _securities[*source] = id;
    return id;
}

std::optional<RecordWriter::Position> RecordWriter::position(const BackupRecord& r) const {
    const AccountInfo* a = account(r);
    if (!a) return std::nullopt;
    domain::Date date = requiredDate(r, "date");
    domain::Decimal qty = requiredDecimal(r, "qty"), price = requiredDecimal(r, "price"),
                    amount = requiredDecimal(r, "amount");
    return Position{a, date, qty, price, amount};
}

void RecordWriter::trades(const BackupRecord& r) {
    auto p = position(r);
    if (!p) return;
    std::string ticker = presentText(r.data, "ticker").value_or("");
    std::string securityId = security(r);
    store::EntryRow e = entryOf(r, *p->account, p->date, p->amount);
    e.name = std::string(p->qty.isNegative() ? "Sell " : "Buy ") + ticker;
    store::TradeDetail t;
    t.securityId = securityId;
    t.qty = p->qty.raw();
    t.price = p->price.raw();
    t.currency = e.currency;
    store::EntryStore(_s).insertTrade(e, t);
    created("Entry", e.id);
}

void RecordWriter::holdings(const BackupRecord& r) {
    auto p = position(r);
    if (!p) return;
    if (p->qty.isNegative() || p->price.isNegative() || p->amount.isNegative())
        fail(r, "must have qty, price and amount of 0 or more.");
    std::string securityId = security(r), cur = currency(r, p->account->currency);
    auto source = presentText(r.data, "cost_basis_source").value_or("");
    std::optional<std::string> costSource;
    if (source == "manual" || source == "calculated" || source == "provider") costSource = source;
    store::ImportedHolding h;
    h.accountId = p->account->id;
    h.securityId = securityId;
    h.date = p->date.iso();
    h.currency = cur;
    h.importId = _import.id;
    h.qty = p->qty.raw();
    h.price = p->price.raw();
    h.amount = p->amount.raw();
    h.costBasis = optionalDecimal(r, "cost_basis");
    h.costBasisSource = costSource;
    h.costBasisLocked = truthyOf(r.data, "cost_basis_locked");
    h.securityLocked = truthyOf(r.data, "security_locked");
    if (auto id = store::upsertImportedHolding(_s, h)) created("Holding", *id);
}

void RecordWriter::valuations(const BackupRecord& r) {
    const AccountInfo* a = account(r);
    if (!a) return;
    domain::Date date = requiredDate(r, "date");
    domain::Decimal amount = requiredDecimal(r, "amount");
    if (store::valuationOnDate(_s, a->id, date.iso()))
        fail(r, "duplicates a valuation on " + date.iso() + ".");
    std::string kind = presentText(r.data, "kind").value_or("reconciliation");
    if (kind != "opening_anchor" && kind != "current_anchor") kind = "reconciliation";
    store::EntryRow e = entryOf(r, *a, date, amount);
    e.name = presentText(r.data, "name").value_or("Valuation");
    store::EntryStore(_s).insertValuation(e, kind);
    created("Entry", e.id);
}

} // namespace finimport::app::backup
