#pragma once
// The dictionary of names (schema v21, SQLite; docs/decisions.md D240) kept by a publish's
// batch of transactions: each new entry carries its (account, name, merchant)'s row id
// (`entries.name_pair`), and the pairs' counts are added once per pair and batch, where the
// row trigger of every other write path adds one per entry.

#include "domain/NoCopy.h"
#include "store/SqliteNative.h"
#include "store/Tx.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace finimport::store {

class NamePairs : domain::NoCopy {
public:
    // Nothing to keep on PostgreSQL (active() false).
    explicit NamePairs(Tx& s);
    ~NamePairs();
    bool active() const { return _db != nullptr; }
    // The id of the entry's pair, counted once more at writeCounts(); nullopt for a pair not
    // written yet (the row trigger makes and counts it).
    std::optional<int64_t> add(const std::string& accountId, const std::string& name,
                               const std::optional<std::string>& merchantId);
    // Adds the counted entries to their pairs. Before the transaction commits, and before
    // anything reads the dictionary.
    void writeCounts();

private:
    sqlite3* _db = nullptr;
    std::unique_ptr<SqliteStatement> _find, _count;
    std::string _key; // account, name and merchant, NUL-separated (reused)
    std::unordered_map<std::string, int64_t> _ids;
    std::unordered_map<int64_t, int64_t> _pending; // pair row id -> entries not yet counted
};

} // namespace finimport::store
