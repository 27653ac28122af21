#include "store/RevertDeletes.h"

#include "store/Sql.h"
#include "store/TxSession.h"

#include <array>

namespace finimport::store {

void deleteRecord(Tx& s, Deletable kind, const std::string& id) {
    // In the order of Deletable.
    static const std::array<const char*, static_cast<size_t>(Deletable::Rule) + 1> kTables = {
        "transfers", "rejected_transfers",     "holdings", "balances", "budget_categories",
        "budgets",   "recurring_transactions", "rules"};
    if (kind == Deletable::Budget)
        sqlExec(s, "DELETE FROM budget_categories WHERE budget_id = ?", {id});
    sqlExec(s, std::string("DELETE FROM ") + kTables[static_cast<size_t>(kind)] + " WHERE id = ?",
            {id});
}

} // namespace finimport::store
