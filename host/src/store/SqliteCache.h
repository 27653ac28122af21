#pragma once
// A session's SQLite page cache, shrunk for a bulk write and restored after it (an upload's
// pages are written once: a small cache spills them to the WAL early instead of holding up to
// the pool's 64 MB per import).

#include "store/Tx.h"
#include <cstdint>
#include <optional>

namespace finimport::store {

// SQLite: sets the cache to `kb` KiB and returns the previous `cache_size` value; PostgreSQL:
// does nothing and returns nullopt.
std::optional<int64_t> limitSqliteCache(Tx& s, int64_t kb);
// Sets `cache_size` back to a value limitSqliteCache returned.
void restoreSqliteCache(Tx& s, int64_t cacheSize);

} // namespace finimport::store
