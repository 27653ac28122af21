#pragma once
// Deletes by id of the records a revert removes that have no store of their own (links,
// holdings, balances, budgets, recurring transactions, rules, merchants). Entries, accounts,
// categories and tags are deleted through EntryStore, AccountStore and TaxonomyStore.

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
// The merchant, after clearing it from every transaction that names it.
void deleteMerchant(Tx& s, const std::string& id);
// True when a budget category refers to the category (it then stays).
bool categoryBudgeted(Tx& s, const std::string& categoryId);

} // namespace finimport::store
