#pragma once
// Deletes by id of the records a revert removes that have no store of their own (links,
// holdings, balances, budgets, recurring transactions, rules). Entries, accounts, categories,
// tags and merchants are deleted through EntryStore, AccountStore and TaxonomyStore.

#include "store/Tx.h"
#include <string>

namespace finimport::store {

void deleteTransfer(Tx& s, const std::string& id);
void deleteRejectedTransfer(Tx& s, const std::string& id);
void deleteHolding(Tx& s, const std::string& id);
void deleteBalance(Tx& s, const std::string& id);
void deleteBudgetCategory(Tx& s, const std::string& id);
// The budget and its budget categories.
void deleteBudget(Tx& s, const std::string& id);
void deleteRecurring(Tx& s, const std::string& id);
void deleteRule(Tx& s, const std::string& id);

} // namespace finimport::store
