#include "store/RevertDeletes.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

void deleteTransfer(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM transfers WHERE id = ?", {id});
}

void deleteRejectedTransfer(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM rejected_transfers WHERE id = ?", {id});
}

void deleteHolding(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM holdings WHERE id = ?", {id});
}

void deleteBalance(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM balances WHERE id = ?", {id});
}

void deleteBudgetCategory(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM budget_categories WHERE id = ?", {id});
}

void deleteBudget(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM budget_categories WHERE budget_id = ?", {id});
    sqlExec(s, "DELETE FROM budgets WHERE id = ?", {id});
}

void deleteRecurring(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM recurring_transactions WHERE id = ?", {id});
}

void deleteRule(Tx& s, const std::string& id) {
    sqlExec(s, "DELETE FROM rules WHERE id = ?", {id});
}

} // namespace finimport::store
