#pragma once
// Deletes by id of the records a revert removes that have no store of their own. Entries,
// accounts, categories, tags and merchants are deleted through EntryStore, AccountStore and
// TaxonomyStore.

#include "store/Tx.h"

#include <cstdint>
#include <string>

namespace finimport::store {

enum class Deletable : uint8_t {
    Transfer,
    RejectedTransfer,
    Holding,
    Balance,
    BudgetCategory,
    Budget, // with its budget categories
    Recurring,
    Rule,
};

void deleteRecord(Tx& s, Deletable kind, const std::string& id);

} // namespace finimport::store
