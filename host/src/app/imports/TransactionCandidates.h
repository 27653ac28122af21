#pragma once
// docs/decisions.md D18 / D63 candidates by index probes (D80): the rows of a batch name their
// keys (account, date, amount; account and external id), one statement per few hundred keys
// reads the existing entries holding them, and rows then claim candidates in file order, oldest
// created first. What is read is the matches of the batch's keys, never a range of the ledger,
// so the cost of a batch does not depend on how many entries the account holds. A claimed
// entry is never matched again (claims outlive clear()).

#include "store/EntryLookups.h"
#include "store/Tx.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace finimport::app {

class TransactionCandidates {
public:
    // Entries of `excludeImportId` never hold an external id another row can claim (rows of one
    // file never match each other by id).
    TransactionCandidates(store::Tx& s, std::string excludeImportId)
        : _s(s), _excludeImportId(std::move(excludeImportId)) {}

    // Names a key for the next fetch().
    void want(const std::string& accountId, const std::string& isoDate, int64_t amount);
    void wantExternalId(const std::string& accountId, const std::string& externalId);
    // Reads the candidates of every key named since the last fetch.
    void fetch();
    // Forgets every candidate read (a batch is done); claims stay.
    void clear();

    // docs/decisions.md D63: the oldest unclaimed entry of the account (of that type) holding
    // the external id, now claimed. A key not fetched before is read now.
    std::optional<std::string> claimByExternalId(const std::string& accountId,
                                                 const std::string& entryableType,
                                                 const std::string& externalId);
    // The oldest unclaimed transaction matching the row (date, amount, currency, normalised
    // name), now claimed; a row with an external id never matches an entry holding another id.
    std::optional<std::string> claim(const std::string& accountId, const std::string& isoDate,
                                     int64_t amount, const std::string& currency,
                                     const std::string& normalizedName,
                                     const std::optional<std::string>& externalId);

    // docs/decisions.md D210: whether the key (as read by a claim of it) or the external id (by
    // claimByExternalId) had any entry at all, claimed or not, of any currency, name or type.
    bool anyCandidate(const std::string& accountId, const std::string& isoDate,
                      int64_t amount) const;
    bool anyHolder(const std::string& accountId, const std::string& externalId) const;

    // Claims an entry matched elsewhere (a trade): false when it was claimed already.
    bool claimId(const std::string& entryId) { return _claimed.insert(entryId).second; }

private:
    struct Candidate {
        std::string id, currency, normalizedName;
        std::optional<std::string> externalId;
    };
    struct Holder {
        std::string id, entryableType;
    };
    static std::string key(const std::string& accountId, const std::string& isoDate,
                           int64_t amount);
    static std::string idKey(const std::string& accountId, const std::string& externalId);

    store::Tx& _s;
    std::string _excludeImportId;
    std::unordered_map<std::string, std::vector<Candidate>> _byKey; // fetched or wanted
    std::unordered_map<std::string, std::vector<Holder>> _byExternalId;
    std::unordered_map<std::string, std::vector<store::DateAmount>> _wanted; // by account
    std::unordered_map<std::string, std::vector<std::string>> _wantedIds;    // by account
    std::unordered_set<std::string> _claimed;
};

} // namespace finimport::app
