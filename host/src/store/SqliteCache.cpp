#include "store/SqliteCache.h"

#include "store/Sql.h"
#include "store/TxSession.h"

#include <string>

namespace finimport::store {

SqliteCacheLimit::SqliteCacheLimit(Tx& s, int64_t kb) : _s(s) {
    if (sqlIsPostgres(s)) return;
    if (auto r = sqlQueryOne(s, "PRAGMA cache_size")) _saved = r->i64(0);
    sqlExec(s, "PRAGMA cache_size=-" + std::to_string(kb));
}

SqliteCacheLimit::~SqliteCacheLimit() {
    if (!_saved) return;
    try {
        sqlExec(_s, "PRAGMA cache_size=" + std::to_string(*_saved));
    } catch (...) { // the session goes back to the pool either way
    }
}

} // namespace finimport::store
