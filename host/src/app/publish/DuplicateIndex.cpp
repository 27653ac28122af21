#include "app/publish/DuplicateIndex.h"

#include "app/imports/ImportContent.h"

namespace finimport::app {

void TransactionDuplicateIndex::want(const std::string& accountId, domain::Date date) {
    auto [it, inserted] = _ranges.try_emplace(accountId, date, date);
    if (inserted) return;
    if (date < it->second.first) it->second.first = date;
    if (it->second.second < date) it->second.second = date;
}

std::string TransactionDuplicateIndex::key(const std::string& accountId, const std::string& isoDate,
                                           int64_t amount, const std::string& currency,
                                           const std::string& normalizedName) {
    // The unit separator cannot occur in ids, dates, numbers or currency codes, so the parts
    // cannot run into each other.
    std::string k;
    k.reserve(accountId.size() + isoDate.size() + currency.size() + normalizedName.size() + 24);
    k += accountId;
    k += '\x1f';
    k += isoDate;
    k += '\x1f';
    k += std::to_string(amount);
    k += '\x1f';
    k += currency;
    k += '\x1f';
    k += normalizedName;
    return k;
}

void TransactionDuplicateIndex::load(store::EntryStore& entries) {
    for (const auto& [accountId, range] : _ranges)
        for (const auto& e :
             entries.transactionsBetween(accountId, range.first.iso(), range.second.iso()))
            _byKey[key(accountId, e.date, e.amount, e.currency, normalizedName(e.name))].push_back(
                Candidate{e.id, e.externalId});
}

std::optional<std::string> TransactionDuplicateIndex::claimByExternalId(
    store::EntryStore& entries, const std::string& accountId, const std::string& entryableType,
    const std::string& externalId, const std::string& importId) {
    auto has = _hasExternalIds.find(accountId);
    if (has == _hasExternalIds.end())
        has = _hasExternalIds.emplace(accountId, entries.hasExternalIds(accountId)).first;
    if (!has->second) return std::nullopt; // no query per row on first imports
    for (auto& id : entries.idsWithExternalId(accountId, entryableType, externalId, importId))
        if (_claimed.insert(id).second) return id;
    return std::nullopt;
}

std::optional<std::string>
TransactionDuplicateIndex::claim(const std::string& accountId, const std::string& isoDate,
                                 int64_t amount, const std::string& currency,
                                 const std::string& normalizedName,
                                 const std::optional<std::string>& externalId) {
    if (_byKey.empty()) return std::nullopt;
    auto it = _byKey.find(key(accountId, isoDate, amount, currency, normalizedName));
    if (it == _byKey.end()) return std::nullopt;
    for (const auto& c : it->second) {
        if (_claimed.count(c.id)) continue;
        if (externalId && c.externalId && *c.externalId != *externalId) continue;
        _claimed.insert(c.id);
        return c.id;
    }
    return std::nullopt;
}

} // namespace finimport::app
