#include "store/ReadStamps.h"

#include "store/Database.h"
#include "store/SqliteNative.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

#include <sqlite3.h>

namespace finimport::store {

std::string ReadStamps::current(Tx& s) {
    std::string stamp;
    if (isSqliteSession(s)) {
        Seen now;
        _db.statements().query(s, "PRAGMA data_version", {},
                               [&](const NativeRow& r) { now.dataVersion = r.i64(0); });
        sqlite3* handle = sqliteHandle(s);
        now.totalChanges = sqlite3_total_changes64(handle);
        {
            std::lock_guard lock(_mutex);
            auto [it, inserted] = _seen.try_emplace(handle, now);
            if (inserted || it->second.dataVersion != now.dataVersion ||
                it->second.totalChanges != now.totalChanges) {
                it->second = now;
                ++_changes;
            }
            stamp = std::to_string(_changes.load());
        }
        return stamp;
    }
    _db.statements().query(s, "SELECT pg_current_snapshot()::text", {},
                           [&](const NativeRow& r) { stamp = r.text(0); });
    return stamp;
}

} // namespace finimport::store
