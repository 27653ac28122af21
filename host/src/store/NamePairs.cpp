#include "store/NamePairs.h"

#include "store/TxSession.h"

#include <stdexcept>

namespace finimport::store {

NamePairs::NamePairs(Tx& s) {
    if (!isSqliteSession(s)) return;
    _db = sqliteHandle(s);
    // The batch's first entry of a pair counts here (a new pair starts at 1), the others at
    // writeCounts(): one statement per pair and batch, the pair's id returned.
    _make = std::make_unique<SqliteStatement>(
        _db, "INSERT INTO entry_names (account_id, name, merchant_id, n) VALUES (?, ?, ?, 1) ON "
             "CONFLICT (account_id, name, merchant_id) DO UPDATE SET n = n + 1 RETURNING id");
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
        _make->bindText(1, accountId);
        _make->bindText(2, name);
        _make->bindText(3, merchant);
        if (!_make->step()) {
            _make->reset();
            throw std::runtime_error("entry_names: no id returned for a pair");
        }
        const int64_t id = _make->i64(0);
        _make->reset();
        _ids.emplace(_key, id);
        return id;
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
