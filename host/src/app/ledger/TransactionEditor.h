#pragma once
// Correcting and deleting one transaction (docs/read-api.md §3.4, §3.5): the checks in their
// documented order, then one write transaction that also recomputes the account's balances, so
// the answer shows the new history. A corrected transaction keeps its import (§3.6).

#include "app/ErrorKind.h"
#include "app/ledger/PatchInput.h"
#include "store/Database.h"
#include "store/TransactionReads.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app::ledger {

using EditResult = std::variant<store::TransactionView, Error>;
using DeleteResult = std::optional<Error>; // nullopt: deleted

// The 404 of docs/read-api.md §1.3 for `/transactions/{id}`.
Error transactionNotFound();

class TransactionEditor {
public:
    explicit TransactionEditor(store::Database& db) : _db(db) {}

    // `id` as given in the path (any case; a non-UUID is 404).
    EditResult patch(const std::string& familyId, const std::string& id, const PatchFields& fields);
    DeleteResult remove(const std::string& familyId, const std::string& id);

private:
    store::Database& _db;
};

} // namespace finimport::app::ledger
