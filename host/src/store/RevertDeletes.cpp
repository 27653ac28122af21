#include "store/RevertDeletes.h"

#include "store/Sql.h"

namespace finimport::store {

void deleteTransfer(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM transfers WHERE id = ?", {id});
}

void deleteRejectedTransfer(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM rejected_transfers WHERE id = ?", {id});
}

void deleteHolding(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM holdings WHERE id = ?", {id});
}

void deleteBalance(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM balances WHERE id = ?", {id});
}

void deleteBudgetCategory(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM budget_categories WHERE id = ?", {id});
}

void deleteBudget(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM budget_categories WHERE budget_id = ?", {id});
    sqlExec(s, "DELETE FROM budgets WHERE id = ?", {id});
}

void deleteRecurring(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM recurring_transactions WHERE id = ?", {id});
}

void deleteRule(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "DELETE FROM rules WHERE id = ?", {id});
}

void deleteMerchant(Poco::Data::Session& s, const std::string& id) {
    sqlExec(s, "UPDATE transactions SET merchant_id = NULL WHERE merchant_id = ?", {id});
    sqlExec(s, "DELETE FROM merchants WHERE id = ?", {id});
}

bool categoryBudgeted(Poco::Data::Session& s, const std::string& categoryId) {
    return sqlCount(s, "SELECT COUNT(*) FROM budget_categories WHERE category_id = ?",
                    {categoryId}) > 0;
}

} // namespace finimport::store
