#include "store/SqliteCache.h"

#include "store/Sql.h"
#include "store/TxSession.h"

#include <string>

namespace finimport::store {

std::optional<int64_t> limitSqliteCache(Tx& s, int64_t kb) {
    if (sqlIsPostgres(s)) return std::nullopt;
    std::optional<int64_t> saved;
    if (auto r = sqlQueryOne(s, "PRAGMA cache_size")) saved = r->i64(0);
    sqlExec(s, "PRAGMA cache_size=-" + std::to_string(kb));
    return saved;
}

void restoreSqliteCache(Tx& s, int64_t cacheSize) {
    sqlExec(s, "PRAGMA cache_size=" + std::to_string(cacheSize));
}

} // namespace finimport::store
