// Schema version 8 (publish): three indexes of `entries` cover only the entries their
// queries can find, so a published transaction no longer pays an insert into each of them.
// - Version 3's entries_type_date indexed every entry by (type, date, …), at a random place
//   for every new row (a third of the entries' index work in a 100k-row publish,
//   bench/RESULTS.md). Only the trades listing reads it, and it asks for
//   `entryable_type = 'Trade'` literally (store/TradeStore.cpp): entries_trade_date is partial
//   on that condition.
// - entries_parent and entries_external_id held a NULL key for every entry that is no split
//   child or has no external id (nearly all). Every query on them compares the column with a
//   value (`=`, `IN`, `IS NOT NULL`), which implies `IS NOT NULL` on SQLite and PostgreSQL, so
//   the partial indexes serve the same queries (the query plans are in bench/RESULTS.md).
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV8() {
    Migration m{8, "partial entry indexes", {}, {}};
    m.statements.push_back("DROP INDEX entries_type_date");
    m.statements.push_back("CREATE INDEX entries_trade_date ON entries (date, created_at, id) "
                           "WHERE entryable_type = 'Trade'");
    m.statements.push_back("DROP INDEX entries_parent");
    m.statements.push_back("CREATE INDEX entries_parent ON entries (parent_entry_id) "
                           "WHERE parent_entry_id IS NOT NULL");
    m.statements.push_back("DROP INDEX entries_external_id");
    m.statements.push_back("CREATE INDEX entries_external_id ON entries (account_id, external_id) "
                           "WHERE external_id IS NOT NULL");
    return {m};
}

} // namespace finimport::store
