#pragma once
// docs/decisions.md D18 row by row: does this row match an existing record (transactions, trades,
// accounts by name)? Each matched record is claimed once. Accounts are looked up once per name.
// A caller with many rows names them batch by batch (prefetch) so that the candidates of a whole
// batch are read in a few index probes (docs/decisions.md D80); a row not prefetched is probed
// alone.

#include "app/imports/ImportTypes.h"
#include "app/imports/RowValidation.h"
#include "app/imports/TargetAccounts.h"
#include "app/imports/TransactionCandidates.h"
#include "store/AccountStore.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace finimport::app {

class DuplicateCounter {
public:
    // `traits`: the import's type.
    DuplicateCounter(store::Tx& s, const store::ImportRecord& import,
                     const ImportTypeTraits& traits);
    // Forgets the candidates of the previous batch and reads those of `rows` (the rows
    // matches() will be asked about next, in file order).
    void prefetch(const std::vector<TargetedRow>& rows);
    // `target`: the row's TargetAccounts::of.
    bool matches(const rows::Fields& row, const std::optional<store::AccountRow>& target);
    bool matches(const rows::Fields& row) { return matches(row, _targets.of(row)); }
    // docs/decisions.md D210: after matches() answered false, true when the row is a
    // transaction of the import's own account in which nothing could have matched it: no entry
    // of its date and amount, none holding its external id (or no entry at all).
    bool lastHadNoCandidate() const { return _lastNoCandidate; }

private:
    static constexpr std::size_t kCacheLimit = 10000;
    bool hasEntries(const std::string& accountId);
    // The target account of an entry row when it may match something (known, with entries).
    const store::AccountRow* matchable(const std::optional<store::AccountRow>& target);

    store::Tx& _s;
    const store::ImportRecord& _import;
    ImportTypeTraits _traits;
    store::AccountStore _accounts;
    TransactionCandidates _candidates;
    TargetAccounts _targets;
    std::map<std::string, bool> _hasEntries;
    std::set<std::string> _accountNames;
    bool _lastNoCandidate = false;
};

} // namespace finimport::app
