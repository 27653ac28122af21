#pragma once
// A session's SQLite page cache, shrunk for a bulk write and restored after it (an upload's
// pages are written once: a small cache spills them to the WAL early instead of holding up to
// the pool's 64 MB per import).

#include "domain/NoCopy.h"
#include "store/Tx.h"

#include <cstdint>
#include <optional>

namespace finimport::store {

// While it lives, the session's SQLite cache is `kb` KiB; its previous size comes back when it
// goes. PostgreSQL: does nothing.
class SqliteCacheLimit : domain::NoCopy {
public:
    SqliteCacheLimit(Tx& s, int64_t kb);
    ~SqliteCacheLimit();

private:
    Tx& _s;
    std::optional<int64_t> _saved; // the previous `cache_size` (SQLite only)
};

} // namespace finimport::store
