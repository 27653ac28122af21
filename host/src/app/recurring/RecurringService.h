#pragma once
// Creating recurring transactions (docs/api.md §8 with §8.6, §10 changes 8 and 9; docs/decisions.md
// D3, D24, D25): the checks in their documented order, then one insert.

#include "app/ErrorKind.h"
#include "app/imports/ImportRequest.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/RecurringStore.h"
#include "store/TaxonomyStore.h"

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app {

// The created record with the account and merchant it names.
struct RecurringView {
    store::RecurringRow record;
    std::optional<store::AccountRow> account;
    std::optional<store::MerchantRow> merchant;
};

// kind, code, message and (when set) the `errors` list.
using RecurringResult = std::variant<RecurringView, Error>;

class RecurringService {
public:
    explicit RecurringService(store::Database& db) : _db(db) {}

    // `fields`: the members of the `recurring_transaction` object (already unwrapped); nullopt
    // when the wrapper is missing, null, empty or not an object (docs/api.md §8.1).
    RecurringResult create(const std::string& familyId,
                           const std::optional<std::map<std::string, FieldValue>>& fields);

private:
    store::Database& _db;
};

} // namespace finimport::app
