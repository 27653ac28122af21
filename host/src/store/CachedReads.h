#pragma once
// The hot reads' rows through the connection's cached statements (store/StatementCache.h),
// each converted by `from` as it is read.

#include "store/Columns.h"
#include "store/Database.h"
#include "store/StatementCache.h"
#include "store/TxSession.h"

#include <vector>

namespace finimport::store {

// On the read replica when `replica` (Database::readReplica), else on the primary; `expected`
// rows are reserved first.
template <class T, class F>
std::vector<T> readCached(Database& db, bool replica, const std::string& sql,
                          const std::vector<SqlValue>& params, F from, size_t expected = 0) {
    std::vector<T> out;
    out.reserve(expected);
    auto run = [&](Tx& s) {
        db.statements().query(s, sql, params, [&](const NativeRow& r) { out.push_back(from(r)); });
    };
    if (replica)
        db.readReplica(run);
    else
        db.read(run);
    return out;
}

// One page of a listing from the read replica: `sql` ends with its ORDER BY; the page's LIMIT and
// OFFSET follow it, bound after `params`.
template <class T, class F>
std::vector<T> readPage(Database& db, const std::string& sql, std::vector<SqlValue> params,
                        int64_t limit, int64_t offset, F from) {
    const std::string paged = withPage(sql, params, limit, offset);
    return readCached<T>(db, true, paged, params, from);
}

} // namespace finimport::store
