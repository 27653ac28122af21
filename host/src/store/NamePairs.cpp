#include "store/NamePairs.h"

#include "store/TxSession.h"

#include <stdexcept>

namespace finimport::store {

NamePairs::NamePairs(Tx& s) {
    if (!isSqliteSession(s)) return;
    _db = sqliteHandle(s);
    // A new pair starts at 0 entries: its count comes with the others at writeCounts().
    _make = std::make_unique<SqliteStatement>(
        _db, "INSERT INTO entry_names (account_id, name, merchant_id, n) VALUES (?, ?, ?, 0) ON "
             "CONFLICT (account_id, name, merchant_id) DO NOTHING");
    _find = std::make_unique<SqliteStatement>(
        _db, "SELECT rowid FROM entry_names WHERE account_id = ? AND name = ? AND merchant_id = ?");
    _count =
        std::make_unique<SqliteStatement>(_db, "UPDATE entry_names SET n = n + ? WHERE rowid = ?");
}

NamePairs::~NamePairs() = default;

int64_t NamePairs::add(const std::string& accountId, const std::string& name,
                       const std::optional<std::string>& merchantId) {
    const std::string& merchant = merchantId ? *merchantId : std::string();
    _key.assign(accountId).append(1, '\0').append(name).append(1, '\0').append(merchant);
    auto it = _ids.find(_key);
    if (it == _ids.end()) {
        for (auto* st : {_make.get(), _find.get()}) {
            st->bindText(1, accountId);
            st->bindText(2, name);
            st->bindText(3, merchant);
        }
        _make->run();
        if (!_find->step()) {
            _find->reset();
            throw std::runtime_error("entry_names: the pair just written is missing");
        }
        const int64_t id = _find->i64(0);
        _find->reset();
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
