#include "app/ImportContent.h"
#include "app/publish/TypePublishers.h"
#include "store/EntryStore.h"
#include "store/Sql.h"

#include <set>
#include <stdexcept>

namespace finimport::app {

domain::Date rowDate(const PublishRow& row) {
    auto d = domain::Date::parseIso(fieldText(row.fields, "date"));
    if (!d) throw std::runtime_error("Row " + std::to_string(row.number) + " has no valid date");
    return *d;
}

domain::Decimal rowDecimal(const PublishRow& row, const std::string& field, const char* label) {
    auto v = domain::Decimal::parse(fieldText(row.fields, field));
    if (!v)
        throw std::runtime_error("Row " + std::to_string(row.number) + " has no valid " + label);
    return *v;
}

namespace {

std::optional<std::string> optText(const RowFields& f, const std::string& name) {
    std::string v = fieldText(f, name);
    if (v.find_first_not_of(" \t") == std::string::npos) return std::nullopt;
    return v;
}

} // namespace

std::pair<store::AccountRow, std::string> rowAccount(const PublishRow& row,
                                                     MappingResolver& mappings) {
    std::string currency = fieldText(row.fields, "currency");
    auto account = mappings.account(fieldText(row.fields, "account"), currency);
    if (!account) {
        std::string name = fieldText(row.fields, "account");
        throw std::runtime_error("Row " + std::to_string(row.number) + ": account \"" +
                                 (name.empty() ? "(blank)" : name) +
                                 "\" is not mapped; send account_id or an account column");
    }
    // A row without a currency cell is booked in its account's currency.
    if (currency.empty() || fieldText(row.fields, "currency_given") == "false")
        currency = account->currency;
    // D4: no exchange rate is stored yet, so another currency than the account's is refused.
    if (currency != account->currency)
        throw std::runtime_error("Row " + std::to_string(row.number) + ": Currency " + currency +
                                 " differs from the account's currency " + account->currency);
    return {*account, currency};
}

void publishTransactions(PublishContext& ctx, MappingResolver& mappings) {
    store::EntryStore entries(ctx.session);
    std::set<std::string> claimed;
    for (const auto& row : ctx.rows) {
        if (row.kind != "transaction") continue;
        auto [target, currency] = rowAccount(row, mappings);
        const store::AccountRow* account = &target;
        domain::Date date = rowDate(row);
        domain::Decimal amount = rowDecimal(row, "signed_amount", "amount");
        std::string name = fieldText(row.fields, "name");
        if (name.empty()) name = "Imported item";
        auto categoryId = mappings.category(fieldText(row.fields, "category"));
        auto tagIds = mappings.tags(fieldText(row.fields, "tags"));
        auto notes = optText(row.fields, "notes");

        // D18 / §7.1: an existing transaction with the same account, date, amount, currency
        // and normalised name absorbs the row (matched, never owned: revert keeps it).
        std::optional<store::EntryRow> duplicate;
        const std::string wanted = normalizedName(name);
        for (auto& e :
             entries.transactionCandidates(account->id, date.iso(), amount.raw(), currency)) {
            if (claimed.count(e.id) || normalizedName(e.name) != wanted) continue;
            duplicate = e;
            break;
        }
        if (duplicate) {
            claimed.insert(duplicate->id);
            ++ctx.duplicateRows;
            if (categoryId)
                store::sqlExec(ctx.session,
                               "UPDATE transactions SET category_id = ? WHERE entry_id = ?",
                               {*categoryId, duplicate->id});
            if (!tagIds.empty()) {
                store::sqlExec(ctx.session, "DELETE FROM transaction_tags WHERE entry_id = ?",
                               {duplicate->id});
                for (const auto& t : tagIds)
                    store::sqlExec(ctx.session,
                                   "INSERT INTO transaction_tags (entry_id, tag_id) VALUES (?, ?)",
                                   {duplicate->id, t});
            }
            if (notes)
                store::sqlExec(ctx.session, "UPDATE entries SET notes = ? WHERE id = ?",
                               {*notes, duplicate->id});
            ctx.matched("Entry", duplicate->id);
            ctx.rowEntries[row.number] = {duplicate->id, false};
            continue;
        }
        store::EntryRow e;
        e.accountId = account->id;
        e.date = date.iso();
        e.amount = amount.raw();
        e.currency = currency;
        e.name = name;
        e.notes = notes;
        e.importLocked = true;
        e.importId = ctx.import.id;
        store::TransactionDetail d;
        d.categoryId = categoryId;
        d.tagIds = tagIds;
        entries.insertTransaction(e, d);
        claimed.insert(e.id);
        ctx.created("Entry", e.id);
        ctx.rowEntries[row.number] = {e.id, true};
        ctx.touch(account->id, date);
    }
}

} // namespace finimport::app
