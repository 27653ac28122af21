#include "app/imports/DuplicateCounter.h"

#include "app/imports/ExternalId.h"
#include "app/imports/ImportContent.h"
#include "domain/Date.h"
#include "domain/Decimal.h"
#include "store/EntryLookups.h"

namespace finimport::app {

namespace {

// docs/decisions.md D18 trade match without creating securities: same ticker (and MIC when given).
bool tradeDuplicate(store::Tx& s, const std::string& accountId, const rows::Fields& row,
                    const std::string& currency, const std::optional<std::string>& externalId,
                    TransactionCandidates& claimed) {
    auto qty = domain::Decimal::parse(row.text("signed_qty"));
    auto price = domain::Decimal::parse(row.text("price"));
    auto date = domain::Date::parseIso(row.text("date"));
    std::string ticker = row.text("ticker"), mic = row.text("exchange_operating_mic");
    // docs/decisions.md D60: a statement's CUSIP/ISIN names the security whatever its ticker.
    const std::string securityKey = row.text("security_id");
    if (!qty || !price || !date || ticker.empty()) return false;
    store::TradeKey key{accountId, date->iso(), ticker,     securityKey,
                        mic,       currency,    qty->raw(), price->raw()};
    for (const auto& [entryId, theirs] : store::tradeDuplicateCandidates(s, key)) {
        // docs/decisions.md D63: two different external ids never match.
        if (externalId && theirs && *theirs != *externalId) continue;
        if (claimed.claimId(entryId)) return true;
    }
    return false;
}

// The currency a row is booked in: its own, or its account's when it gave none.
std::string rowCurrency(const rows::Fields& row, const store::AccountRow& account) {
    std::string currency = row.text("currency");
    if (currency.empty() || row.text("currency_given") == "false") currency = account.currency;
    return currency;
}

} // namespace

DuplicateCounter::DuplicateCounter(store::Tx& s, const store::ImportRecord& import,
                                   const ImportTypeTraits& traits)
    : _s(s), _import(import), _traits(traits), _accounts(s), _candidates(s, import.id),
      _targets(s, import) {}

bool DuplicateCounter::hasEntries(const std::string& accountId) {
    if (auto it = _hasEntries.find(accountId); it != _hasEntries.end()) return it->second;
    const bool any = store::accountHasEntries(_s, accountId);
    if (_hasEntries.size() < kCacheLimit) _hasEntries.emplace(accountId, any);
    return any;
}

const store::AccountRow*
DuplicateCounter::matchable(const std::optional<store::AccountRow>& target) {
    if (!_traits.producesEntries() || !target) return nullptr;
    // An account without entries has nothing to match: no query per row (first imports).
    return hasEntries(target->id) ? &*target : nullptr;
}

void DuplicateCounter::prefetch(const std::vector<TargetedRow>& rows) {
    _candidates.clear();
    if (_traits.details.hasRecordKind("account")) return;
    for (const TargetedRow& targeted : rows) {
        const store::AccountRow* account = matchable(*targeted.account);
        if (!account) continue;
        const rows::Fields* row = targeted.fields;
        const bool trade = row->get("signed_qty") != nullptr;
        if (auto externalId = rowExternalId(*row))
            _candidates.wantExternalId(account->id, *externalId);
        if (trade) continue; // trades are probed one by one (store/EntryLookups.h)
        auto amount = domain::Decimal::parse(row->text("signed_amount"));
        auto date = domain::Date::parseIso(row->text("date"));
        if (amount && date) _candidates.want(account->id, date->iso(), amount->raw());
    }
    _candidates.fetch();
}

bool DuplicateCounter::matches(const rows::Fields& row,
                               const std::optional<store::AccountRow>& target) {
    _lastNoCandidate = false;
    if (_traits.details.hasRecordKind("account")) {
        // An existing account of that name is reused (docs/decisions.md D18); so is a repeated
        // name.
        std::string name = row.text("name");
        return !name.empty() &&
               (_accounts.byName(_import.familyId, name) || !_accountNames.insert(name).second);
    }
    const store::AccountRow* account = matchable(target);
    const bool trade = row.get("signed_qty") != nullptr;
    // docs/decisions.md D210: what the publish may take as proven (transactions of the import's
    // own account only; the publish probes the others again).
    const bool provable = _traits.producesEntries() && !trade && _import.accountId.has_value();
    if (!account) {
        // Nothing to match: the import's account has no entry (or the row names no account).
        if (provable) _lastNoCandidate = target.has_value();
        return false;
    }
    const std::string currency = rowCurrency(row, *account);
    // docs/decisions.md D63: the same usable external id on the account matches whatever the
    // values.
    const auto externalId = rowExternalId(row);
    if (externalId &&
        _candidates.claimByExternalId(account->id, trade ? "Trade" : "Transaction", *externalId))
        return true;
    if (trade) return tradeDuplicate(_s, account->id, row, currency, externalId, _candidates);
    auto amount = domain::Decimal::parse(row.text("signed_amount"));
    auto date = domain::Date::parseIso(row.text("date"));
    if (!amount || !date) return false;
    const bool matched = _candidates
                             .claim(account->id, date->iso(), amount->raw(), currency,
                                    normalizedName(row.text("name")), externalId)
                             .has_value();
    if (!matched && provable && account->id == *_import.accountId)
        _lastNoCandidate = !_candidates.anyCandidate(account->id, date->iso(), amount->raw()) &&
                           (!externalId || !_candidates.anyHolder(account->id, *externalId));
    return matched;
}

} // namespace finimport::app
