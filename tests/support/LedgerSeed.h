#pragma once
// A minimal ledger written with plain SQL, for the store suites that test below the services.

#include "store/Tx.h"

#include <initializer_list>
#include <string>

namespace finimport::test {

// Family `f` (USD) and one USD depository account per id in `accounts`, named as its id.
void insertFamilyWithAccounts(store::Tx& s, std::initializer_list<std::string> accounts);

} // namespace finimport::test
