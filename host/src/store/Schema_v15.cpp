// Schema version 15 (docs/read-api.md; docs/decisions.md D85, D86): reading and correcting
// transactions.
// - entries_transaction_order: the transactions listing walks Transaction entries newest first
//   (date, created_at, id descending, the listing's order) and stops after a page, as the trades
//   listing does with entries_trade_date (schema v8). Partial on the literal condition the
//   listing queries carry (store/TransactionReads.cpp).
// - entries.locked_attributes: the attributes a user's correction pinned (docs/decisions.md D86), a
//   JSON object `{"<attribute>": <epoch µs>}`, NULL when none (store/TransactionLocks.h). In the
//   entry row, so it goes with the entry and costs a publish nothing.
#include "store/Migrations.h"
#include "store/Sql.h"
#include "store/TxSession.h"

namespace finimport::store {

std::vector<Migration> schemaV15() {
    Migration m{15, "transaction reads and corrections", {}, {}};
    m.statements.push_back("CREATE INDEX entries_transaction_order ON entries "
                           "(date, created_at, id) WHERE entryable_type = 'Transaction'");
    m.code = [](Tx& s) {
        // Schema v11 (docs/decisions.md D70): text columns compare bytes on PostgreSQL.
        sqlExec(s, std::string("ALTER TABLE entries ADD COLUMN locked_attributes ") +
                       (sqlIsPostgres(s) ? "TEXT COLLATE \"C\"" : "TEXT"));
    };
    return {m};
}

} // namespace finimport::store
