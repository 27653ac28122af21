#include "app/imports/ExternalId.h"
#include "app/imports/ImportContent.h"
#include "app/imports/StatementBook.h"
#include "app/imports/TransactionCandidates.h"
#include "app/publish/TypePublishers.h"
#include "app/rules/PublishPass.h"
#include "store/EntryBatch.h"
#include "store/EntryEdits.h"
#include "store/EntryLookups.h"
#include "store/EntryStore.h"
#include "store/LedgerStamps.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string_view>

namespace finimport::app {

domain::Date rowDate(const PublishRow& row) {
    auto d = domain::Date::parseIso(row.fields.text("date"));
    if (!d) throw std::runtime_error("Row " + std::to_string(row.number) + " has no valid date");
    return *d;
}

domain::Decimal rowDecimal(const PublishRow& row, const std::string& field, const char* label) {
    auto v = domain::Decimal::parse(row.fields.text(field));
    if (!v)
        throw std::runtime_error("Row " + std::to_string(row.number) + " has no valid " + label);
    return *v;
}

namespace {

std::optional<std::string> optText(const rows::Fields& f, const std::string& name) {
    std::string v = f.text(name);
    if (v.find_first_not_of(" \t") == std::string::npos) return std::nullopt;
    return v;
}

} // namespace

std::pair<const store::AccountRow*, std::string> rowAccount(const PublishRow& row,
                                                            MappingResolver& mappings) {
    std::string currency = row.fields.text("currency");
    // Statement entries (docs/decisions.md D58) create their account with the statement's kind.
    const std::string kind = row.fields.text("account_kind");
    auto account = mappings.account(row.fields.text("account"), currency,
                                    kind.empty() ? "depository" : statementAccountType(kind));
    if (!account) {
        std::string name = row.fields.text("account");
        throw std::runtime_error("Row " + std::to_string(row.number) + ": account \"" +
                                 (name.empty() ? "(blank)" : name) +
                                 "\" is not mapped; send account_id or an account column");
    }
    // A row without a currency cell is booked in its account's currency.
    if (currency.empty() || row.fields.text("currency_given") == "false")
        currency = account->currency;
    // docs/decisions.md D4: no exchange rate is stored yet, so another currency than the account's
    // is refused.
    if (currency != account->currency)
        throw std::runtime_error("Row " + std::to_string(row.number) + ": Currency " + currency +
                                 " differs from the account's currency " + account->currency);
    return {account, currency};
}

namespace {

// A transaction row with everything resolved (pass 1), ready to be matched or written.
struct ResolvedRow {
    const PublishRow* row;
    std::string accountId, currency, isoDate, name, normalized;
    domain::Date date;
    int64_t amount = 0;
    std::optional<std::string> categoryId, notes, externalId;
    std::vector<std::string> tagIds;
    bool probe = false; // its duplicate candidates are read (docs/decisions.md D210)
};

// docs/decisions.md D18 / docs/imports.md §7.1: a matched transaction takes the row's category,
// tags and notes (matched, never owned: revert keeps it), all matches of a publish together.
store::MatchAbsorb absorbOf(const std::string& entryId, const ResolvedRow& r) {
    return {entryId, r.categoryId, r.notes, r.tagIds};
}

} // namespace

TransactionWriter::TransactionWriter(PublishContext& ctx, MappingResolver& mappings)
    : _ctx(ctx), _mappings(mappings),
      _duplicates(std::make_unique<TransactionCandidates>(ctx.session, ctx.import.id)) {
    // docs/decisions.md D210: constructed before this publish writes an entry, with the
    // publish's targets locked (docs/decisions.md D63): nothing moves the account meanwhile.
    if (!ctx.import.accountId) return;
    const auto stamp = store::importLedgerStamp(ctx.session, ctx.import.id, *ctx.import.accountId);
    if (stamp && *stamp == store::ledgerChanges(ctx.session, *ctx.import.accountId))
        _unchangedAccount = *ctx.import.accountId;
}

TransactionWriter::~TransactionWriter() = default;

// Set-based per batch: pass 1 resolves accounts, categories and tags (each distinct key once,
// through MappingResolver's caches) and validates every row in file order; pass 2 reads the
// duplicate candidates of the rows' keys (docs/decisions.md D80: index probes, a few hundred keys
// a statement, never the accounts' ledgers), leaving out the entries this publish created (an
// earlier batch's), so rows of one file never match each other; pass 3 matches or batches each
// row in file order. Claims outlive the batch (TransactionCandidates).
void TransactionWriter::publish(const std::vector<PublishRow>& batchRows) {
    PublishContext& ctx = _ctx;
    MappingResolver& mappings = _mappings;
    TransactionCandidates& duplicates = *_duplicates;
    std::map<std::string, bool>& hasEntries = _hasEntries;
    std::vector<ResolvedRow> resolved;
    for (const auto& row : batchRows) {
        if (row.kind != "transaction") continue;
        auto [account, currency] = rowAccount(row, mappings);
        ResolvedRow r{
            &row, account->id, std::move(currency), {}, {}, {}, rowDate(row), 0, {}, {}, {},
            {},   false};
        r.isoDate = r.date.iso();
        r.amount = rowDecimal(row, "signed_amount", "amount").raw();
        r.name = row.fields.text("name");
        if (r.name.empty()) r.name = "Imported item";
        r.normalized = normalizedName(r.name);
        r.categoryId = mappings.category(row.fields.text("category"));
        r.tagIds = mappings.tags(row.fields.text("tags"));
        r.notes = optText(row.fields, "notes");
        r.externalId = rowExternalId(row.fields);
        auto known = hasEntries.find(r.accountId);
        if (known == hasEntries.end())
            known =
                hasEntries.emplace(r.accountId, store::accountHasEntries(ctx.session, r.accountId))
                    .first;
        // A row the upload found no candidate for in the unchanged account has none now.
        r.probe = known->second && !(row.noCandidate && r.accountId == _unchangedAccount);
        if (r.probe) {
            duplicates.want(r.accountId, r.isoDate, r.amount);
            if (r.externalId) duplicates.wantExternalId(r.accountId, *r.externalId);
        }
        resolved.push_back(std::move(r));
    }
    if (resolved.empty()) return;
    duplicates.fetch();
    _written += static_cast<int64_t>(resolved.size());
    // The rows to write, by (account, day, file position): the account's place among the
    // accounts of this file, the civil day number and the row's index, packed for one sort.
    struct FreshKey {
        uint64_t accountAndDay;
        size_t index;
        bool operator<(const FreshKey& o) const {
            return accountAndDay != o.accountAndDay ? accountAndDay < o.accountAndDay
                                                    : index < o.index;
        }
    };
    std::map<std::string_view, uint64_t> accountOrder;
    for (const auto& r : resolved)
        accountOrder.emplace(r.accountId, 0);
    uint64_t ordinal = 0;
    for (auto& [id, place] : accountOrder)
        place = ordinal++;
    std::vector<FreshKey> fresh;
    fresh.reserve(resolved.size());
    std::vector<store::MatchAbsorb> absorbs;
    for (size_t i = 0; i < resolved.size(); ++i) {
        const ResolvedRow& r = resolved[i];
        // docs/decisions.md D63: the same external id on the account first, then the exact rule.
        std::optional<std::string> existing;
        if (r.probe) {
            if (r.externalId)
                existing = duplicates.claimByExternalId(r.accountId, "Transaction", *r.externalId);
            if (!existing)
                existing = duplicates.claim(r.accountId, r.isoDate, r.amount, r.currency,
                                            r.normalized, r.externalId);
        }
        if (existing) {
            ++ctx.duplicateRows;
            if (r.categoryId || r.notes || !r.tagIds.empty())
                absorbs.push_back(absorbOf(*existing, r));
            ctx.matched("Entry", *existing);
            if (ctx.keepRowEntries) ctx.rowEntries[r.row->number] = {*existing, false};
            continue;
        }
        const auto day = static_cast<uint64_t>(int64_t(r.date.days()) + (int64_t(1) << 31));
        fresh.push_back({accountOrder[r.accountId] << 32 | day, i});
    }
    store::absorbMatches(ctx.session, absorbs);
    // New entries are written in (account, date) order, file order within a day, so that their
    // ordered ids and the (account_id, date) index both grow at the end of their B-trees: a
    // 100k-row insert in file order took 0.76 s in the sqlite3 shell, in this order 0.41 s
    // (bench/RESULTS.md). Every listing orders by date first, then creation, so
    // what a reader sees is unchanged.
    std::sort(fresh.begin(), fresh.end());
    std::vector<store::EntryRow> rows(fresh.size());
    std::vector<store::TransactionDetail> details(fresh.size());
    std::vector<int64_t> rowNumbers(fresh.size());
    for (size_t k = 0; k < fresh.size(); ++k) {
        ResolvedRow& r = resolved[fresh[k].index]; // moved from: each row is written once
        // The first row of each account has its earliest date.
        if (k == 0 || fresh[k].accountAndDay >> 32 != fresh[k - 1].accountAndDay >> 32)
            ctx.touch(r.accountId, r.date);
        store::EntryRow& e = rows[k];
        e.accountId = std::move(r.accountId);
        e.date = std::move(r.isoDate);
        e.amount = r.amount;
        e.currency = std::move(r.currency);
        e.name = std::move(r.name);
        e.notes = std::move(r.notes);
        e.externalId = std::move(r.externalId);
        e.importLocked = true;
        e.importId = ctx.import.id;
        details[k].categoryId = std::move(r.categoryId);
        details[k].tagIds = std::move(r.tagIds);
        rowNumbers[k] = r.row->number;
    }
    // docs/rules.md §6: the family's active rules change the new rows before they are written.
    if (ctx.rulePass) ctx.rulePass->applyToNew(rows, details, rowNumbers);
    store::TransactionBatch batch(ctx.session);
    for (size_t k = 0; k < fresh.size(); ++k) {
        batch.add(rows[k], details[k]);
        if (ctx.keepRowEntries)
            ctx.rowEntries[resolved[fresh[k].index].row->number] = {rows[k].id, true};
    }
    batch.flush(); // QIF extras read the new entries back
    if (ctx.rulePass) ctx.rulePass->afterWrite();
    duplicates.clear(); // the candidates of this batch's keys; the claims stay
}

void publishTransactions(PublishContext& ctx, MappingResolver& mappings) {
    TransactionWriter(ctx, mappings).publish(ctx.rows);
}

} // namespace finimport::app
