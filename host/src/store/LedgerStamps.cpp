#include "store/LedgerStamps.h"

#include "store/Sql.h"

namespace finimport::store {

int64_t ledgerChanges(Tx& s, const std::string& accountId) {
    // A few rows: one per entry type the account has (entry_counts' primary key).
    return sqlCount(s, "SELECT COALESCE(SUM(changes), 0) FROM entry_counts WHERE account_id = ?",
                    {accountId});
}

void stampImportLedger(Tx& s, const std::string& importId, const std::string& accountId,
                       int64_t changes) {
    sqlExec(s, "DELETE FROM import_ledger_stamps WHERE import_id = ? AND account_id = ?",
            {importId, accountId});
    sqlExec(s, "INSERT INTO import_ledger_stamps (import_id, account_id, changes) VALUES (?, ?, ?)",
            {importId, accountId, changes});
}

std::optional<int64_t> importLedgerStamp(Tx& s, const std::string& importId,
                                         const std::string& accountId) {
    auto r = sqlQueryOne(
        s, "SELECT changes FROM import_ledger_stamps WHERE import_id = ? AND account_id = ?",
        {importId, accountId});
    if (!r) return std::nullopt;
    return r->i64(0);
}

} // namespace finimport::store
