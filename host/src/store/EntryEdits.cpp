#include "store/EntryEdits.h"

#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

void clearSplitParent(Tx& s, const std::string& entryId) {
    sqlExec(s, "UPDATE entries SET excluded = 1 WHERE id = ?", {entryId});
    sqlExec(s, "DELETE FROM transaction_tags WHERE entry_id = ?", {entryId});
    sqlExec(s, "UPDATE entries SET category_id = NULL WHERE id = ?", {entryId});
}

} // namespace finimport::store
