#include "app/imports/TransactionCandidates.h"

#include "app/imports/ImportContent.h"

namespace finimport::app {

std::string TransactionCandidates::key(const std::string& accountId, const std::string& isoDate,
                                       int64_t amount) {
    // The unit separator cannot occur in ids, dates or numbers: the parts cannot run together.
    std::string k;
    k.reserve(accountId.size() + isoDate.size() + 24);
    k += accountId;
    k += '\x1f';
    k += isoDate;
    k += '\x1f';
    k += std::to_string(amount);
    return k;
}

std::string TransactionCandidates::idKey(const std::string& accountId,
                                         const std::string& externalId) {
    return accountId + '\x1f' + externalId;
}

void TransactionCandidates::want(const std::string& accountId, const std::string& isoDate,
                                 int64_t amount) {
    if (_byKey.try_emplace(key(accountId, isoDate, amount)).second)
        _wanted[accountId].push_back({isoDate, amount});
}

void TransactionCandidates::wantExternalId(const std::string& accountId,
                                           const std::string& externalId) {
    if (_byExternalId.try_emplace(idKey(accountId, externalId)).second)
        _wantedIds[accountId].push_back(externalId);
}

void TransactionCandidates::fetch() {
    for (const auto& [accountId, keys] : _wanted)
        store::transactionCandidates(
            _s, accountId, keys,
            [&](store::TransactionCandidate&& c) {
                _byKey[key(accountId, c.date, c.amount)].push_back(
                    {std::move(c.id), std::move(c.currency), normalizedName(c.name),
                     std::move(c.externalId)});
            },
            _excludeImportId);
    _wanted.clear();
    for (const auto& [accountId, ids] : _wantedIds)
        store::externalIdHolders(_s, accountId, ids, _excludeImportId,
                                 [&](store::ExternalIdHolder&& h) {
                                     _byExternalId[idKey(accountId, h.externalId)].push_back(
                                         {std::move(h.id), std::move(h.entryableType)});
                                 });
    _wantedIds.clear();
}

void TransactionCandidates::clear() {
    _byKey.clear();
    _byExternalId.clear();
    _wanted.clear();
    _wantedIds.clear();
}

bool TransactionCandidates::anyCandidate(const std::string& accountId, const std::string& isoDate,
                                         int64_t amount) const {
    auto it = _byKey.find(key(accountId, isoDate, amount));
    return it == _byKey.end() || !it->second.empty(); // a key never read proves nothing
}

bool TransactionCandidates::anyHolder(const std::string& accountId,
                                      const std::string& externalId) const {
    auto it = _byExternalId.find(idKey(accountId, externalId));
    return it == _byExternalId.end() || !it->second.empty();
}

std::optional<std::string> TransactionCandidates::claimByExternalId(
    const std::string& accountId, const std::string& entryableType, const std::string& externalId) {
    auto it = _byExternalId.find(idKey(accountId, externalId));
    if (it == _byExternalId.end()) {
        wantExternalId(accountId, externalId);
        fetch();
        it = _byExternalId.find(idKey(accountId, externalId));
    }
    for (const auto& h : it->second)
        if (h.entryableType == entryableType && _claimed.insert(h.id).second) return h.id;
    return std::nullopt;
}

std::optional<std::string>
TransactionCandidates::claim(const std::string& accountId, const std::string& isoDate,
                             int64_t amount, const std::string& currency,
                             const std::string& normalizedName,
                             const std::optional<std::string>& externalId) {
    const std::string k = key(accountId, isoDate, amount);
    auto it = _byKey.find(k);
    if (it == _byKey.end()) {
        want(accountId, isoDate, amount);
        fetch();
        it = _byKey.find(k);
    }
    for (const auto& c : it->second) {
        if (c.currency != currency || c.normalizedName != normalizedName || _claimed.count(c.id))
            continue;
        if (externalId && c.externalId && *c.externalId != *externalId) continue;
        _claimed.insert(c.id);
        return c.id;
    }
    return std::nullopt;
}

} // namespace finimport::app
