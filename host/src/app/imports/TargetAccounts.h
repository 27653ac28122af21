#pragma once
// The account an entry row will be booked on, when it is known at upload: the import's own
// account, or an existing account of the row's trimmed name. Each is read once per import.

#include "app/rows/Fields.h"
#include "store/AccountStore.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>

namespace finimport::app {

// A row with the account it will be booked on (TargetAccounts::of), resolved once by the caller
// and handed to every step that needs it.
struct TargetedRow {
    const rows::Fields* fields;
    const std::optional<store::AccountRow>* account;
};

class TargetAccounts {
public:
    TargetAccounts(store::Tx& s, const store::ImportRecord& import)
        : _import(import), _accounts(s) {}

    std::optional<store::AccountRow> of(const rows::Fields& row);

private:
    // Bounded: a file of a million distinct names asks the database beyond this.
    static constexpr std::size_t kCacheLimit = 10000;

    const store::ImportRecord& _import;
    store::AccountStore _accounts;
    bool _ownAccountLoaded = false;
    std::optional<store::AccountRow> _ownAccount;
    std::map<std::string, std::optional<store::AccountRow>> _byName;
};

} // namespace finimport::app
