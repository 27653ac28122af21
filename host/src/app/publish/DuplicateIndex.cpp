#include "app/publish/DuplicateIndex.h"

#include "app/ImportContent.h"

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
            _byKey[key(accountId, e.date, e.amount, e.currency, normalizedName(e.name))]
                .ids.push_back(e.id);
}

std::optional<std::string> TransactionDuplicateIndex::claim(const std::string& accountId,
                                                            const std::string& isoDate,
                                                            int64_t amount,
                                                            const std::string& currency,
                                                            const std::string& normalizedName) {
    if (_byKey.empty()) return std::nullopt;
    auto it = _byKey.find(key(accountId, isoDate, amount, currency, normalizedName));
    if (it == _byKey.end() || it->second.next >= it->second.ids.size()) return std::nullopt;
    return it->second.ids[it->second.next++];
}

} // namespace finimport::app
