// Schema version 8 (issue 11, publish): the trades listing's index covers Trade entries only.
// Version 3's entries_type_date indexed every entry by (type, date, …), so each published
// transaction paid for an insert at a random place in it (a third of the entries' index work
// in a 100k-row publish, bench/RESULTS.md) that no query reads: the listing asks for
// `entryable_type = 'Trade'` literally (store/TradeStore.cpp), which a partial index with the
// same condition serves on SQLite and PostgreSQL alike.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV8() {
    Migration m{8, "trade-only listing index", {}, {}};
    m.statements.push_back("DROP INDEX entries_type_date");
    m.statements.push_back("CREATE INDEX entries_trade_date ON entries (date, created_at, id) "
                           "WHERE entryable_type = 'Trade'");
    return {m};
}

} // namespace finimport::store
