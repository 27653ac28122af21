#include "store/NamePairs.h"

#include "store/TxSession.h"

#include <stdexcept>

namespace finimport::store {

NamePairs::NamePairs(Tx& s) {
    if (!isSqliteSession(s)) return;
    _db = sqliteHandle(s);
    // A read: an upsert here was a statement of its own with a statement journal per new pair
    // (a file of new names only cost twice v20's CPU).
    _find = std::make_unique<SqliteStatement>(
        _db, "SELECT id FROM entry_names WHERE account_id = ? AND name = ? AND merchant_id = ?");
    _count =
        std::make_unique<SqliteStatement>(_db, "UPDATE entry_names SET n = n + ? WHERE rowid = ?");
}

NamePairs::~NamePairs() = default;

std::optional<int64_t> NamePairs::add(const std::string& accountId, const std::string& name,
                                      const std::optional<std::string>& merchantId) {
    const std::string& merchant = merchantId ? *merchantId : std::string();
    _key.assign(accountId).append(1, '\0').append(name).append(1, '\0').append(merchant);
    auto it = _ids.find(_key);
    if (it == _ids.end()) {
        _find->bindText(1, accountId);
        _find->bindText(2, name);
        _find->bindText(3, merchant);
        const bool found = _find->step();
        const int64_t id = found ? _find->i64(0) : 0;
        _find->reset();
        // A new pair: the row goes without its id and the insert trigger makes the pair, in the
        // batch's own INSERT. Its next rows find it once that is written.
        if (!found) return std::nullopt;
        it = _ids.emplace(_key, id).first;
    }
    ++_pending[it->second];
    return it->second;
}

void NamePairs::writeCounts() {
    if (!_db) return;
    for (const auto& [id, n] : _pending) {
        _count->bindInt(1, n);
        _count->bindInt(2, id);
        _count->run();
    }
    _pending.clear();
}

} // namespace finimport::store
