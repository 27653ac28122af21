#include "app/imports/MonthCandidates.h"

#include "app/imports/ImportContent.h"

namespace finimport::app {

const std::vector<MonthCandidates::Candidate>& MonthCandidates::of(const std::string& accountId,
                                                                   const std::string& isoDate) {
    const std::string month = isoDate.substr(0, 7); // YYYY-MM of a valid ISO date
    const std::string key = accountId + '\x1f' + month;
    if (auto it = _months.find(key); it != _months.end()) return it->second;
    std::vector<Candidate> found;
    // "YYYY-MM-99" sorts after every day of the month (dates are ISO text).
    for (auto& e : _entries.transactionsBetween(accountId, month + "-01", month + "-99"))
        found.push_back({std::move(e.id), std::move(e.date), std::move(e.currency),
                         normalizedName(e.name), e.amount, std::move(e.externalId)});
    if (_cached + found.size() > kMaxEntries) {
        _months.clear();
        _cached = 0;
    }
    _cached += found.size();
    return _months.emplace(key, std::move(found)).first->second;
}

} // namespace finimport::app
