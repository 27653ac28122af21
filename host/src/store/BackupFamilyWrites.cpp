#include "store/BackupFamilyWrites.h"

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

namespace finimport::store {

void setCategoryParent(Tx& s, const std::string& categoryId, const std::string& parentId) {
    sqlExec(s, "UPDATE categories SET parent_id = ? WHERE id = ?", {parentId, categoryId});
}

bool budgetDatesTaken(Tx& s, const std::string& familyId, const std::string& startDate,
                      const std::string& endDate) {
    return sqlCount(s,
                    "SELECT COUNT(*) FROM budgets WHERE family_id = ? AND (start_date = ? OR "
                    "end_date = ?)",
                    {familyId, startDate, endDate}) > 0;
}

std::string insertImportedBudget(Tx& s, const ImportedBudget& b) {
    std::string id;
    insertStamped(s, "budgets",
                  "id, family_id, start_date, end_date, budgeted_spending, expected_income, "
                  "currency, import_id",
                  id,
                  bindValues(b.familyId, b.startDate, b.endDate, b.budgetedSpending,
                             b.expectedIncome, b.currency, b.importId));
    return id;
}

std::optional<std::string> upsertBudgetCategory(Tx& s, const std::string& budgetId,
                                                const std::string& categoryId,
                                                const std::optional<int64_t>& budgetedSpending,
                                                const std::string& currency) {
    const int64_t now = nowMicros();
    if (auto row = sqlQueryOne(
            s, "SELECT id FROM budget_categories WHERE budget_id = ? AND category_id = ?",
            {budgetId, categoryId})) {
        sqlExec(s,
                "UPDATE budget_categories SET budgeted_spending = ?, currency = ?, updated_at = ? "
                "WHERE id = ?",
                {sqlOpt(budgetedSpending), currency, now, row->str(0)});
        return std::nullopt;
    }
    std::string id;
    insertStamped(s, "budget_categories", "id, budget_id, category_id, budgeted_spending, currency",
                  id, bindValues(budgetId, categoryId, budgetedSpending, currency));
    return id;
}

} // namespace finimport::store
