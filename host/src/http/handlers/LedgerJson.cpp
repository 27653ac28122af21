#include "http/handlers/LedgerJson.h"

#include "domain/Currency.h"
#include "domain/MoneyFormat.h"
#include "http/Formats.h"
#include "http/handlers/JsonFields.h"

namespace finimport::http {

namespace {

using domain::Decimal;

// docs/balances.md: credit cards, loans and other liabilities are liabilities.
const char* classificationOf(const std::optional<std::string>& type) {
    if (type && (*type == "credit_card" || *type == "loan" || *type == "other_liability"))
        return "liability";
    return "asset";
}

void writeAccountRef(JsonWriter& w, const store::AccountRef& a) {
    w.beginObject();
    writeIdName(w, a.id, a.name);
    writeOptionalString(w, "account_type", a.accountType);
    w.key("status").string(a.status);
    w.endObject();
}

// |amount| in minor units of `currency` (docs/api.md §5.2 rounding); 0 for an unknown code.
int64_t absoluteCents(int64_t amount, const domain::Currency* currency) {
    if (!currency) return 0;
    return domain::minorUnits(Decimal::fromRaw(amount < 0 ? -amount : amount), *currency);
}

} // namespace

void writeAccount(JsonWriter& w, const store::AccountView& a) {
    const domain::Currency* currency = domain::findCurrency(a.currency);
    w.beginObject();
    writeIdName(w, a.id, a.name);
    writeMoneyPair(w, std::string_view("balance"), Decimal::fromRaw(a.balance), currency);
    writeMoneyPair(w, std::string_view("cash_balance"), Decimal::fromRaw(a.cashBalance), currency);
    w.key("currency").string(a.currency);
    w.key("classification").string(classificationOf(a.accountType));
    writeOptionalString(w, "account_type", a.accountType);
    writeOptionalString(w, "subtype", a.subtype);
    w.key("status").string(a.status);
    writeOptionalString(w, "institution_name", a.institutionName);
    writeOptionalString(w, "institution_domain", a.institutionDomain);
    writeTimestampsSeconds(w, a.createdAt, a.updatedAt);
    w.endObject();
}

void writeTransaction(JsonWriter& w, const store::TransactionView& t) {
    const domain::Currency* currency = domain::findCurrency(t.currency);
    const bool income = t.amount < 0;
    const int64_t cents = absoluteCents(t.amount, currency);
    w.beginObject();
    w.key("id").string(t.id);
    w.key("date").string(t.date);
    writeMoney(w, "amount", Decimal::fromRaw(t.amount), t.currency);
    // docs/read-api.md §3.1: amount_cents is unsigned; signed_amount_cents is money in positive.
    w.key("amount_cents").integer(cents);
    w.key("signed_amount_cents").integer(income ? cents : -cents);
    w.key("currency").string(t.currency);
    w.key("name").string(t.name);
    writeOptionalString(w, "notes", t.notes);
    writeOptionalString(w, "external_id", t.externalId);
    w.key("source").null();
    w.key("classification").string(income ? "income" : "expense");
    w.key("account");
    writeAccountRef(w, t.account);
    writeObjectOrNull(w, "category", t.category, [&] {
        writeIdName(w, t.category->id, t.category->name);
        w.key("color").string(t.category->color);
        w.key("icon").string(t.category->icon);
    });
    writeObjectOrNull(w, "merchant", t.merchant,
                      [&] { writeIdName(w, t.merchant->id, t.merchant->name); });
    w.key("tags").beginArray();
    for (const auto& tag : t.tags) {
        w.beginObject();
        writeIdName(w, tag.id, tag.name);
        w.key("color").string(tag.color);
        w.endObject();
    }
    w.endArray();
    w.key("transfer");
    if (t.transfer) {
        const domain::Currency* tc = domain::findCurrency(t.transfer->currency);
        w.beginObject();
        w.key("id").string(t.transfer->id);
        writeMoney(w, "amount", Decimal::fromRaw(t.transfer->amount), t.transfer->currency);
        w.key("amount_cents").integer(absoluteCents(t.transfer->amount, tc));
        w.key("currency").string(t.transfer->currency);
        w.key("other_account");
        writeAccountRef(w, t.transfer->otherAccount);
        w.endObject();
    } else {
        w.null();
    }
    writeTimestampsSeconds(w, t.createdAt, t.updatedAt);
    w.key("excluded").boolean(t.excluded);
    w.key("kind").string(t.kind);
    writeOptionalString(w, "split_parent_id", t.splitParentId);
    writeOptionalString(w, "import_id", t.importId);
    // docs/rules.md §11.2: the label a rule or a user wrote, and the user's locks ({} when none).
    writeOptionalString(w, "investment_activity_label", t.activityLabel);
    w.key("locked_attributes").beginObject();
    for (const auto& [attribute, at] : t.locks)
        w.key(attribute).string(formatTimestampSeconds(at));
    w.endObject();
    w.endObject();
}

void writeCategory(JsonWriter& w, const store::CategoryView& c) {
    w.beginObject();
    writeIdName(w, c.id, c.name);
    w.key("color").string(c.color);
    w.key("icon").string(c.icon);
    writeObjectOrNull(w, "parent", c.parentId,
                      [&] { writeIdName(w, *c.parentId, c.parentName.value_or("")); });
    w.key("subcategories_count").integer(c.subcategoriesCount);
    writeTimestampsSeconds(w, c.createdAt, c.updatedAt);
    w.endObject();
}

void writeMerchant(JsonWriter& w, const store::NamedView& m) {
    w.beginObject();
    writeIdName(w, m.id, m.name);
    w.key("type").string("FamilyMerchant");
    writeTimestampsMillis(w, m.createdAt, m.updatedAt);
    w.endObject();
}

void writeTag(JsonWriter& w, const store::NamedView& t) {
    w.beginObject();
    writeIdName(w, t.id, t.name);
    w.key("color").string(t.color);
    writeTimestampsMillis(w, t.createdAt, t.updatedAt);
    w.endObject();
}

} // namespace finimport::http
