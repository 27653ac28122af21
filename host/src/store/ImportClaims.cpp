#include "store/ImportClaims.h"

#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

namespace finimport::store {

bool claimImport(Tx& s, const std::string& importId, const std::string& expectedStatus) {
    // A no-op write: it locks the row (PostgreSQL waits here for a concurrent claimer and then
    // re-checks the WHERE against the committed row).
    return sqlExec(s, "UPDATE imports SET status = status WHERE id = ? AND status = ?",
                   {importId, expectedStatus}) > 0;
}

void lockPublishTargets(Tx& s, const std::string& familyId) {
    if (!sqlIsPostgres(s)) return;
    // NO KEY UPDATE: publishes exclude each other, but inserts that only reference these rows
    // (an upload's import row, its foreign key on the family) do not wait for a publish.
    sqlQuery(s, "SELECT id FROM families WHERE id = ? FOR NO KEY UPDATE", {familyId});
    sqlQuery(s, "SELECT id FROM accounts WHERE family_id = ? ORDER BY id FOR NO KEY UPDATE",
             {familyId});
}

bool failImportIfStatus(Tx& s, const std::string& importId, const std::string& expectedStatus,
                        const std::string& newStatus, const std::string& message) {
    return sqlExec(s,
                   "UPDATE imports SET status = ?, error = ?, updated_at = ? WHERE id = ? "
                   "AND status = ?",
                   {newStatus, message, nowMicros() / 1000 * 1000, importId, expectedStatus}) > 0;
}

} // namespace finimport::store
