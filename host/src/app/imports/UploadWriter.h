#pragma once
// Stores an upload's rows as they stream out of the plugin, inside the create transaction:
// the docs/decisions.md D4 account currency, validity now (D1 window, currency), the row stats of
// `GET /imports/{id}`, mapping keys and D18 duplicates are all worked out per row, and rows
// are written in prepared batches. Memory holds one batch of rows (its duplicates are probed
// together, docs/decisions.md D80).

#include "app/imports/ImportContent.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/Mappings.h"
#include "app/imports/RowStats.h"
#include "app/imports/TargetAccounts.h"
#include "domain/Date.h"
#include "domain/NoCopy.h"
#include "store/SqliteCache.h"
#include "store/Tx.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

namespace finimport::store {
class RowInserter;
}

namespace finimport::app {

// docs/decisions.md D4 for an entry row whose target account (TargetAccounts::of) is
// known: a currency the row did not give becomes the account's; a different one is a row error
// (`currency_mismatch`).
void applyAccountCurrency(const std::optional<store::AccountRow>& account, const std::string& kind,
                          rows::Fields& fields, std::vector<RowMessage>& errors);

class UploadWriter : domain::NoCopy {
public:
    UploadWriter(store::Tx& s, const store::ImportRecord& import, const ImportTypeTraits& traits,
                 domain::Date today);
    ~UploadWriter();

    void add(CollectedRow&& row);
    // Flushes the rows, synchronises the mappings and writes the counts into the import's
    // summary ("rows", "duplicate_rows_count"); `import.rowsCount` is set.
    void finish(store::ImportRecord& import);

private:
    // Rows wait here until a batch is full: their duplicates are worked out together.
    static constexpr std::size_t kBatchRows = 512;
    struct Pending {
        store::ImportRowRecord row; // without its fields, encoded at the flush
        rows::Fields fields;
        std::optional<store::AccountRow> account; // its target account, resolved once at add()
        bool published = false;
    };
    void flushPending();

    store::Tx& _s;
    const store::ImportRecord& _import;
    ImportTypeTraits _traits;
    domain::Date _today;
    TargetAccounts _targets;
    DuplicateCounter _duplicates;
    std::unique_ptr<store::RowInserter> _inserter; // prepared batches (store/RowInserter.h)
    RowStats _stats;
    MappingKeys _keys;
    bool _skipInvalid =
        false; // docs/decisions.md D43: invalid rows take no part in mappings or duplicates
    int64_t _duplicateRows = 0;
    int64_t _rows = 0;
    std::vector<Pending> _pending;
    store::SqliteCacheLimit _cacheLimit;   // the upload's page cache (SQLite)
    std::optional<int64_t> _ledgerChanges; // docs/decisions.md D210, the import's account's
};

} // namespace finimport::app
