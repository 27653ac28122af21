#pragma once
// Deletes by id of the records a revert removes that have no store of their own (links,
// holdings, balances, budgets, recurring transactions, rules, merchants). Entries, accounts,
// categories and tags are deleted through EntryStore, AccountStore and TaxonomyStore.

#include <string>

namespace Poco::Data {
class Session;
}

namespace finimport::store {

void deleteTransfer(Poco::Data::Session& s, const std::string& id);
void deleteRejectedTransfer(Poco::Data::Session& s, const std::string& id);
void deleteHolding(Poco::Data::Session& s, const std::string& id);
void deleteBalance(Poco::Data::Session& s, const std::string& id);
void deleteBudgetCategory(Poco::Data::Session& s, const std::string& id);
// The budget and its budget categories.
void deleteBudget(Poco::Data::Session& s, const std::string& id);
void deleteRecurring(Poco::Data::Session& s, const std::string& id);
void deleteRule(Poco::Data::Session& s, const std::string& id);
// The merchant, after clearing it from every transaction that names it.
void deleteMerchant(Poco::Data::Session& s, const std::string& id);
// True when a budget category refers to the category (it then stays).
bool categoryBudgeted(Poco::Data::Session& s, const std::string& categoryId);

} // namespace finimport::store
