#include "store/TransferStore.h"
#include "store/Columns.h"

#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

namespace finimport::store {

std::optional<TransferLeg> transferLeg(Tx& s, const std::string& entryId) {
    auto row = sqlQueryOne(s,
                           "SELECT e.account_id, COALESCE(a.account_type, ''), e.date, e.amount, "
                           "e.category_id FROM entries e JOIN accounts a ON a.id = e.account_id "
                           "WHERE e.id = ? AND e.entryable_type = 'Transaction'",
                           {entryId});
    if (!row) return std::nullopt;
    return TransferLeg{entryId,     row->str(0), row->str(1),
                       row->str(2), row->i64(3), !row->isNull(4)};
}

bool linkExists(Tx& s, bool rejected, const std::string& inflowId, const std::string& outflowId) {
    return sqlQueryOne(s,
                       std::string("SELECT id FROM ") +
                           (rejected ? "rejected_transfers" : "transfers") +
                           " WHERE inflow_transaction_id = ? AND outflow_transaction_id = ?",
                       {inflowId, outflowId})
        .has_value();
}

bool inAnyTransfer(Tx& s, const std::string& inflowId, const std::string& outflowId) {
    return sqlCount(s,
                    "SELECT COUNT(*) FROM transfers WHERE inflow_transaction_id IN (?, ?) "
                    "OR outflow_transaction_id IN (?, ?)",
                    {inflowId, outflowId, inflowId, outflowId}) > 0;
}

std::string insertTransfer(Tx& s, const std::string& inflowId, const std::string& outflowId,
                           const std::string& status, const std::optional<std::string>& notes,
                           const std::string& importId) {
    std::string id;
    insertStamped(s, "transfers",
                  "id, inflow_transaction_id, outflow_transaction_id, status, notes, import_id", id,
                  bindValues(inflowId, outflowId, status, notes, importId));
    return id;
}

std::string insertRejectedTransfer(Tx& s, const std::string& inflowId, const std::string& outflowId,
                                   const std::string& importId) {
    std::string id;
    insertStamped(s, "rejected_transfers",
                  "id, inflow_transaction_id, outflow_transaction_id, import_id", id,
                  bindValues(inflowId, outflowId, importId));
    return id;
}

void setTransactionKind(Tx& s, const std::string& entryId, const std::string& kind) {
    sqlExec(s, "UPDATE entries SET kind = ? WHERE id = ? AND entryable_type = 'Transaction'",
            {kind, entryId});
}

void setTransactionCategory(Tx& s, const std::string& entryId, const std::string& categoryId) {
    sqlExec(s, "UPDATE entries SET category_id = ? WHERE id = ? AND entryable_type = 'Transaction'",
            {categoryId, entryId});
}

void markFundsMovement(Tx& s, const std::string& entryA, const std::string& entryB) {
    sqlExec(s,
            "UPDATE entries SET kind = 'funds_movement', category_id = NULL "
            "WHERE id IN (?, ?) AND entryable_type = 'Transaction'",
            {entryA, entryB});
}

} // namespace finimport::store
