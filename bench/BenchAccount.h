#pragma once
// The account a bench imports into, written straight into the store (not through the API).

#include "store/AccountStore.h"
#include "store/Database.h"

#include <string>

namespace finimport::bench {

// A new USD depository account named `name` in the family; returns its id.
inline std::string addAccount(store::Database& db, const std::string& familyId,
                              const std::string& name) {
    store::AccountRow account;
    account.familyId = familyId;
    account.name = name;
    account.accountType = "depository";
    account.currency = "USD";
    db.write([&](store::Tx& s) { store::AccountStore(s).insert(account); });
    return account.id;
}

} // namespace finimport::bench
