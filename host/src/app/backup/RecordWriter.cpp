// RecordWriter: dependency order, helpers, accounts and opening anchors, family-level
// records (taxonomy, budgets, rules). The ledger types are in LedgerRecords.cpp.
#include "app/backup/RecordWriter.h"

#include "domain/AccountKind.h"
#include "domain/Currency.h"
#include "domain/OpeningAnchor.h"
#include "store/AccountStore.h"
#include "store/BackupFamilyWrites.h"
#include "store/EntryStore.h"
#include "store/TaxonomyStore.h"

#include <functional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace finimport::app::backup {

namespace {

bool isHexColor(const std::string& c) {
    if (c.size() != 7 || c[0] != '#') return false;
    return c.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos;
}

// docs/decisions.md D20: after a revert, a record of this import with the name that stayed (in
// use) is taken again: `row` gets its id.
template <class Row>
bool takenAgain(Row& row, const std::optional<Row>& sameName, const std::string& importId) {
    if (!sameName || sameName->importId != importId) return false;
    row.id = sameName->id;
    return true;
}

// Deterministic stand-in for the reference's random palette colour (so exports compare).
std::string paletteColor(const std::string& name) {
    static const char* palette[] = {"#e99537", "#4da568", "#6471eb", "#db5a54",
                                    "#df4e92", "#c44fe9", "#eb5429", "#61c9ea"};
    size_t h = 0;
    for (unsigned char c : name)
        h = h * 31 + c;
    return palette[h % 8];
}

} // namespace

RecordWriter::RecordWriter(store::Tx& s, const store::ImportRecord& import,
                           const store::FamilyRow& family, domain::Date today)
    : _s(s), _import(import), _family(family), _today(today) {}

void RecordWriter::run(const std::vector<BackupRecord>& records) {
    std::map<std::string, std::vector<const BackupRecord*>> byType;
    for (const auto& r : records)
        byType[r.type].push_back(&r);
    using Write = std::function<void(const BackupRecord&)>;
    // The order the kinds are written in: what a record names is written before it. Categories
    // are written all at once (their parents once every category exists).
    const std::pair<const char*, Write> kinds[] = {
        {"Account", [this](const BackupRecord& r) { accounts(r); }},
        {"Balance", [this](const BackupRecord& r) { balances(r); }},
        {"Category", nullptr},
        {"Tag", [this](const BackupRecord& r) { tags(r); }},
        {"Merchant", [this](const BackupRecord& r) { merchants(r); }},
        {"RecurringTransaction", [this](const BackupRecord& r) { recurring(r); }},
        {"Transaction", [this](const BackupRecord& r) { transactions(r); }},
        {"Transfer", [this](const BackupRecord& r) { transfers(r, false); }},
        {"RejectedTransfer", [this](const BackupRecord& r) { transfers(r, true); }},
        {"Trade", [this](const BackupRecord& r) { trades(r); }},
        {"Holding", [this](const BackupRecord& r) { holdings(r); }},
        {"Valuation", [this](const BackupRecord& r) { valuations(r); }},
        {"Budget", [this](const BackupRecord& r) { budgets(r); }},
        {"BudgetCategory", [this](const BackupRecord& r) { budgetCategories(r); }},
        {"Rule", [this](const BackupRecord& r) { rules(r); }},
    };
    for (const auto& [type, write] : kinds) {
        const auto& list = byType[type];
        if (!write) {
            categories(list);
            continue;
        }
        for (const auto* r : list)
            write(*r);
        if (std::string_view(type) == "Account") openingAnchors(records);
    }
}

void RecordWriter::fail(const BackupRecord& r, const std::string& what) const {
    throw std::runtime_error("Line " + std::to_string(r.line) + " " + r.type + " " + what);
}

std::optional<std::string> RecordWriter::mapped(const std::map<std::string, std::string>& map,
                                                const JsonObject& obj,
                                                const std::string& key) const {
    auto id = presentText(obj, key);
    if (!id) return std::nullopt;
    auto it = map.find(*id);
    if (it == map.end()) return std::nullopt;
    return it->second;
}

const RecordWriter::AccountInfo* RecordWriter::account(const BackupRecord& r) const {
    auto id = presentText(r.data, "account_id");
    if (!id) return nullptr;
    auto it = _accounts.find(*id);
    return it == _accounts.end() ? nullptr : &it->second;
}

domain::Date RecordWriter::requiredDate(const BackupRecord& r, const std::string& key) const {
    auto d = dateOf(r.data, key);
    if (!d) fail(r, "has an invalid " + key + " \"" + textOf(r.data, key).value_or("") + "\".");
    return *d;
}

domain::Decimal RecordWriter::requiredDecimal(const BackupRecord& r, const std::string& key) const {
    auto d = decimalOf(r.data, key);
    if (!d) fail(r, "has an invalid " + key + " \"" + textOf(r.data, key).value_or("") + "\".");
    return *d;
}

std::optional<int64_t> RecordWriter::optionalDecimal(const BackupRecord& r,
                                                     const std::string& key) const {
    if (!presentText(r.data, key)) return std::nullopt;
    return requiredDecimal(r, key).raw();
}

std::string RecordWriter::currency(const BackupRecord& r, const std::string& fallback) const {
    auto code = presentText(r.data, "currency");
    if (!code) return fallback;
    const auto* known = domain::findCurrency(*code);
    if (!known) fail(r, "has an unknown currency \"" + *code + "\".");
    std::string upper = *code;
    for (auto& c : upper)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
}

void RecordWriter::created(const std::string& type, const std::string& id) {
    store::ImportStore(_s).addRecord(_import.id, type, id, "created");
}

void RecordWriter::created(const BackupRecord& r, const std::string& type, const std::string& id,
                           std::map<std::string, std::string>& ids) {
    created(type, id);
    if (auto source = presentText(r.data, "id")) ids[*source] = id;
}

void RecordWriter::accounts(const BackupRecord& r) {
    auto type = presentText(r.data, "accountable_type").value_or("");
    auto kind = domain::accountKindFromName(type);
    if (!kind) fail(r, "has invalid accountable_type \"" + type + "\".");
    store::AccountRow a;
    a.familyId = _import.familyId;
    a.name = textOf(r.data, "name").value_or("");
    a.accountType = std::string(domain::accountKindSnake(*kind));
    JsonObject accountable = objectOf(r.data, "accountable");
    a.subtype = accountable ? presentText(accountable, "subtype") : std::nullopt;
    if (!a.subtype) a.subtype = presentText(r.data, "subtype");
    auto status = presentText(r.data, "status").value_or("active");
    a.status = status == "disabled" || status == "draft" ? status : "active";
    a.currency = currency(r, _family.currency);
    a.balance = requiredDecimal(r, "balance").raw();
    a.cashBalance = optionalDecimal(r, "cash_balance").value_or(a.balance);
    a.institutionName = presentText(r.data, "institution_name");
    a.institutionDomain = presentText(r.data, "institution_domain");
    a.notes = textOf(r.data, "notes");
    a.authoritativeBalanceHistory = truthyOf(r.data, "authoritative_balance_history");
    a.importId = _import.id;
    store::AccountStore(_s).insert(a);
    created("Account", a.id);
    _createdAccounts.insert(a.id);
    if (auto id = presentText(r.data, "id")) _accounts[*id] = {a.id, a.currency, *a.accountType};
}

void RecordWriter::openingAnchors(const std::vector<BackupRecord>& records) {
    // Oldest dated record per source account, and accounts with an explicit anchor.
    std::map<std::string, domain::Date> oldest;
    std::set<std::string> anchored;
    static const std::set<std::string> dated = {"Balance", "Transaction", "Trade", "Holding",
                                                "Valuation"};
    for (const auto& r : records) {
        if (!dated.count(r.type)) continue;
        auto source = presentText(r.data, "account_id");
        if (!source) continue;
        if (r.type == "Valuation" && presentText(r.data, "kind").value_or("") == "opening_anchor")
            anchored.insert(*source);
        if (auto d = dateOf(r.data, "date")) {
            auto it = oldest.find(*source);
            if (it == oldest.end() || *d < it->second) oldest[*source] = *d;
        }
    }
    store::EntryStore entries(_s);
    for (const auto& r : records) {
        if (r.type != "Account") continue;
        auto source = presentText(r.data, "id");
        if (!source || !_accounts.count(*source) || anchored.count(*source)) continue;
        if (truthyOf(r.data, "skip_opening_balance_import") ||
            truthyOf(r.data, "authoritative_balance_history") || !presentText(r.data, "balance"))
            continue;
        const auto& info = _accounts[*source];
        std::optional<domain::Date> date = dateOf(r.data, "opening_balance_date");
        if (!date) date = dateOf(r.data, "opening_balance_on");
        if (auto it = oldest.find(*source); it != oldest.end()) {
            domain::Date before = it->second.addDays(-1);
            if (!date || before < *date) date = before;
        }
        if (!date) date = domain::defaultOpeningDate(std::nullopt, _today);
        store::EntryRow anchor;
        anchor.accountId = info.id;
        anchor.date = date->iso();
        anchor.amount = requiredDecimal(r, "balance").raw();
        anchor.currency = info.currency;
        anchor.name = domain::openingAnchorName(*domain::accountKindFromSnake(info.kindSnake));
        anchor.importId = _import.id;
        entries.insertValuation(anchor, "opening_anchor");
        created("Entry", anchor.id);
        ++_implicit["valuations"];
    }
}

void RecordWriter::categories(const std::vector<const BackupRecord*>& records) {
    store::TaxonomyStore taxonomy(_s);
    for (const auto* r : records) {
        store::CategoryRow c;
        c.familyId = _import.familyId;
        c.name = textOf(r->data, "name").value_or("");
        c.color = presentText(r->data, "color").value_or("#737373");
        c.icon = presentText(r->data, "lucide_icon").value_or("shapes");
        c.classification =
            presentText(r->data, "classification_unused")
                .value_or(presentText(r->data, "classification").value_or("expense"));
        c.importId = _import.id;
        if (takenAgain(c, taxonomy.categoryByName(_import.familyId, c.name), _import.id))
            taxonomy.updateCategory(c);
        else
            taxonomy.insertCategory(c);
        created(*r, "Category", c.id, _categories);
    }
    for (const auto* r : records) // parents once every category exists
        if (auto parent = mapped(_categories, r->data, "parent_id"))
            if (auto id = presentText(r->data, "id"))
                store::setCategoryParent(_s, _categories[*id], *parent);
}

void RecordWriter::tags(const BackupRecord& r) {
    store::TagRow t;
    t.familyId = _import.familyId;
    t.name = textOf(r.data, "name").value_or("");
    t.color = presentText(r.data, "color").value_or("#e99537");
    t.importId = _import.id;
    store::TaxonomyStore taxonomy(_s);
    if (!takenAgain(t, taxonomy.tagByName(_import.familyId, t.name), _import.id))
        taxonomy.insertTag(t);
    created(r, "Tag", t.id, _tags);
}

void RecordWriter::merchants(const BackupRecord& r) {
    store::MerchantRow m;
    m.familyId = _import.familyId;
    m.name = textOf(r.data, "name").value_or("");
    auto color = presentText(r.data, "color");
    m.color = color && isHexColor(*color) ? *color : paletteColor(m.name);
    m.logoUrl = presentText(r.data, "logo_url");
    m.websiteUrl = presentText(r.data, "website_url");
    m.importId = _import.id;
    store::TaxonomyStore taxonomy(_s);
    if (!takenAgain(m, taxonomy.merchantByName(_import.familyId, m.name), _import.id))
        taxonomy.insertMerchant(m);
    created(r, "Merchant", m.id, _merchants);
}

void RecordWriter::budgets(const BackupRecord& r) {
    auto start = lenientDateOf(r.data, "start_date"), end = lenientDateOf(r.data, "end_date");
    if (!start)
        fail(r, "has an invalid start_date \"" + textOf(r.data, "start_date").value_or("") + "\".");
    if (!end)
        fail(r, "has an invalid end_date \"" + textOf(r.data, "end_date").value_or("") + "\".");
    if (store::budgetDatesTaken(_s, _import.familyId, start->iso(), end->iso()))
        fail(r, "overlaps an existing budget (same start or end date).");
    std::string cur = currency(r, _family.currency);
    store::ImportedBudget b;
    b.familyId = _import.familyId;
    b.startDate = start->iso();
    b.endDate = end->iso();
    b.currency = cur;
    b.importId = _import.id;
    b.budgetedSpending = optionalDecimal(r, "budgeted_spending");
    b.expectedIncome = optionalDecimal(r, "expected_income");
    const std::string id = store::insertImportedBudget(_s, b);
    created("Budget", id);
    _budgetCurrency[id] = cur;
    if (auto source = presentText(r.data, "id")) _budgets[*source] = id;
}

void RecordWriter::budgetCategories(const BackupRecord& r) {
    auto budget = mapped(_budgets, r.data, "budget_id");
    auto category = mapped(_categories, r.data, "category_id");
    if (!budget || !category) return; // a missing side skips the record (docs/imports.md §6.12)
    auto spending = optionalDecimal(r, "budgeted_spending");
    std::string cur = currency(r, _budgetCurrency[*budget]);
    if (auto id = store::upsertBudgetCategory(_s, *budget, *category, spending, cur))
        created("BudgetCategory", *id);
}

} // namespace finimport::app::backup
