#pragma once
// What the engine's NDJSON import (docs/imports.md §6.12) writes on the family beyond accounts
// and taxonomy rows: category parents, budgets, and budget categories
// (rules: RuleStore.h).

#include "store/Tx.h"
#include <cstdint>
#include <optional>
#include <string>

namespace finimport::store {

// The category's parent, set once every category of the file exists.
void setCategoryParent(Tx& s, const std::string& categoryId, const std::string& parentId);

// True when a budget of the family starts on `startDate` or ends on `endDate` (ISO).
bool budgetDatesTaken(Tx& s, const std::string& familyId, const std::string& startDate,
                      const std::string& endDate);

struct ImportedBudget {
    std::string familyId, startDate, endDate, currency, importId;
    std::optional<int64_t> budgetedSpending, expectedIncome; // scaled 10^8
};
// Inserts the budget; returns its id.
std::string insertImportedBudget(Tx& s, const ImportedBudget& b);

// The budget's line for the category takes the values when it exists (nullopt is returned);
// else a new line is inserted and its id returned.
std::optional<std::string> upsertBudgetCategory(Tx& s, const std::string& budgetId,
                                                const std::string& categoryId,
                                                const std::optional<int64_t>& budgetedSpending,
                                                const std::string& currency);

} // namespace finimport::store
