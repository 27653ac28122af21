// Split, transfer and opening-balance rows (docs/imports.md §6.10, §12.7, docs/decisions.md D16),
// run after publishTransactions inside the same publish transaction:
//  - `split` rows become child transactions of their parent row's entry (the parent is kept,
//    excluded, without category or tags; the ledger skips parents that have children);
//  - `transfer_account` on a transaction or split row creates the mirrored transaction on the
//    named account (or pairs with a row of this import that already is that mirror) and links
//    both as a confirmed transfer (`funds_movement`);
//  - `opening_balance` rows become the account's opening anchor, owned by the import so that
//    revert removes it.
#include "app/publish/TypePublishers.h"
#include "store/EntryEdits.h"
#include "store/EntryLookups.h"
#include "store/EntryStore.h"
#include "store/TransferStore.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace finimport::app {

namespace {

std::string rowError(const PublishRow& row, const std::string& what) {
    return "Row " + std::to_string(row.number) + ": " + what;
}

std::optional<std::string> nonBlank(const rows::Fields& f, const char* name) {
    std::string v = f.text(name);
    if (v.find_first_not_of(" \t") == std::string::npos) return std::nullopt;
    return v;
}

class SplitsAndTransfers {
public:
    SplitsAndTransfers(PublishContext& ctx, MappingResolver& mappings)
        : _ctx(ctx), _mappings(mappings), _entries(ctx.session) {
        for (const auto& [number, entry] : ctx.rowEntries)
            if (entry.second) _createdHere.insert(entry.first);
    }

    void splits() {
        std::set<std::string> cleared;
        for (const auto& row : _ctx.rows) {
            if (row.kind != "split") continue;
            const int64_t parentRow = std::stoll(row.fields.text("parent_record"));
            auto it = _ctx.rowEntries.find(parentRow);
            // A parent matched as a duplicate stays as it was: its existing record is kept.
            if (it == _ctx.rowEntries.end() || !it->second.second) continue;
            auto parent = _entries.byId(it->second.first);
            if (!parent) throw std::runtime_error(rowError(row, "split parent is missing"));
            if (cleared.insert(parent->id).second)
                store::clearSplitParent(_ctx.session, parent->id);
            store::EntryRow e;
            e.accountId = parent->accountId;
            e.date = parent->date;
            e.amount = rowDecimal(row, "signed_amount", "amount").raw();
            e.currency = parent->currency;
            e.name = parent->name;
            e.notes = nonBlank(row.fields, "notes");
            e.parentEntryId = parent->id;
            e.importLocked = true;
            e.importId = _ctx.import.id;
            store::TransactionDetail d;
            d.categoryId = _mappings.category(row.fields.text("category"));
            d.tagIds = _mappings.tags(row.fields.text("tags"));
            _entries.insertTransaction(e, d);
            _ctx.rowEntries[row.number] = {e.id, true};
            _createdHere.insert(e.id);
            if (auto date = domain::Date::parseIso(e.date)) _ctx.touch(e.accountId, *date);
        }
    }

    void transfers() {
        for (const auto& row : _ctx.rows) {
            if (row.kind != "transaction" && row.kind != "split") continue;
            auto target = nonBlank(row.fields, "transfer_account");
            auto it = _ctx.rowEntries.find(row.number);
            if (!target || it == _ctx.rowEntries.end() || !it->second.second) continue;
            if (_linked.count(it->second.first)) continue; // paired from the other side
            auto source = _entries.byId(it->second.first);
            if (!source) continue;
            auto account = transferAccount(*target, source->currency);
            if (account.id == source->accountId) continue; // a transfer to itself moves nothing
            if (account.currency != source->currency)
                throw std::runtime_error(rowError(
                    row, "Currency " + source->currency + " differs from the currency " +
                             account.currency + " of transfer account \"" + *target + "\""));
            link(*source, mirrorOn(account, *source));
        }
    }

    void openingBalances() {
        for (const auto& row : _ctx.rows) {
            if (row.kind != "opening_balance") continue;
            std::string currency = row.fields.text("currency");
            auto account = _mappings.account(row.fields.text("account"), currency);
            if (!account)
                throw std::runtime_error(rowError(row, "the opening balance has no account"));
            // An account that already has an opening anchor keeps it (it was not ours).
            if (_entries.openingAnchor(account->id)) continue;
            domain::Date date = rowDate(row);
            if (auto earliest = store::earliestEntryDate(_ctx.session, account->id))
                if (auto first = domain::Date::parseIso(*earliest); first && !(date < *first))
                    date = first->addDays(-1);
            store::EntryRow anchor;
            anchor.accountId = account->id;
            anchor.date = date.iso();
            anchor.amount = rowDecimal(row, "amount", "amount").raw();
            anchor.currency = account->currency;
            anchor.name = "Opening balance";
            anchor.importId = _ctx.import.id;
            _entries.insertValuation(anchor, "opening_anchor");
            _ctx.touch(account->id, date);
        }
    }

private:
    // With account_id every section goes to that account, but a transfer still names its
    // other side: found by name, else created like a mapped account (docs/decisions.md D9).
    store::AccountRow transferAccount(const std::string& name, const std::string& currency) {
        if (!_ctx.import.accountId) {
            if (auto a = _mappings.account(name, currency)) return *a;
        }
        store::AccountStore accounts(_ctx.session);
        if (auto a = accounts.byName(_ctx.import.familyId, name)) return *a;
        store::AccountRow a;
        a.familyId = _ctx.import.familyId;
        a.name = name;
        a.accountType = "depository";
        a.currency = currency;
        a.importId = _ctx.import.id;
        accounts.insert(a);
        _ctx.created("Account", a.id);
        return a;
    }

    // The other leg: an unlinked entry this publish created with the opposite amount on the
    // same date (the file holds both sides), else a new mirrored transaction.
    store::EntryRow mirrorOn(const store::AccountRow& account, const store::EntryRow& source) {
        for (auto& e : _entries.transactionCandidates(account.id, source.date, -source.amount,
                                                      source.currency))
            if (_createdHere.count(e.id) && !_linked.count(e.id)) return e;
        store::EntryRow e;
        e.accountId = account.id;
        e.date = source.date;
        e.amount = -source.amount;
        e.currency = source.currency;
        e.name = source.name;
        e.notes = source.notes;
        e.importLocked = true;
        e.importId = _ctx.import.id;
        _entries.insertTransaction(e, store::TransactionDetail{});
        _createdHere.insert(e.id);
        if (auto date = domain::Date::parseIso(e.date)) _ctx.touch(e.accountId, *date);
        return e;
    }

    void link(const store::EntryRow& a, const store::EntryRow& b) {
        const bool aIsInflow = a.amount < 0; // engine sign: negative = money in
        store::insertTransfer(_ctx.session, aIsInflow ? a.id : b.id, aIsInflow ? b.id : a.id,
                              "confirmed", std::nullopt, _ctx.import.id);
        store::markFundsMovement(_ctx.session, a.id, b.id);
        _linked.insert(a.id);
        _linked.insert(b.id);
    }

    PublishContext& _ctx;
    MappingResolver& _mappings;
    store::EntryStore _entries;
    std::set<std::string> _createdHere, _linked;
};

} // namespace

bool needsSplitsOrTransfers(const std::vector<PublishRow>& rows) {
    return std::any_of(rows.begin(), rows.end(), [](const PublishRow& row) {
        if (row.kind == "split" || row.kind == "opening_balance") return true;
        return row.kind == "transaction" && nonBlank(row.fields, "transfer_account").has_value();
    });
}

void publishSplitsAndTransfers(PublishContext& ctx, MappingResolver& mappings) {
    if (!ctx.keepRowEntries) return;
    SplitsAndTransfers extras(ctx, mappings);
    extras.splits();
    extras.transfers();
    extras.openingBalances();
}

} // namespace finimport::app
