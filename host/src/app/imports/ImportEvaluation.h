#pragma once
// The derived state of an import (docs/api.md §7.6, §7.8; docs/imports.md §3): status_detail flags
// and stats, with rows validated now, and why it cannot be published (docs/decisions.md D6).

#include "app/imports/ImportOptions.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/RowStats.h"
#include "app/imports/RowValidation.h"
#include "domain/Date.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <string>
#include <vector>

namespace finimport::app {

struct StatusDetail {
    bool uploaded = false, configured = false, terminal = false, cleaned = false,
         publishable = false, revertable = false;
};

struct ImportStats {
    int64_t rowsCount = 0, validRowsCount = 0, invalidRowsCount = 0, mappingsCount = 0,
            unassignedMappingsCount = 0, duplicateRowsCount = 0,
            excludedRowsCount = 0, // docs/decisions.md D44
        skippedRowsCount = 0;      // D43/D56
};

struct ImportView {
    store::ImportRecord record;
    ImportOptions options;
    StatusDetail detail;
    ImportStats stats;
    std::vector<std::string> notPublishableReasons; // docs/decisions.md D6 `errors` lines
    // The type is the engine's own NDJSON backup: the detail shows its `verification`.
    bool backup = false;
};

bool isTerminalStatus(const std::string& status);
bool isRevertableStatus(const std::string& status);

// How one row counts (docs/decisions.md D43, D44, D56): an excluded row only as excluded; with
// skip_invalid_rows an invalid row's account and type do not block publishing.
struct RowCounting {
    bool valid = true, excluded = false, skipInvalid = false;
    // Whether the row takes part in publishing (and so in mappings and duplicates).
    bool published() const { return !excluded && (valid || !skipInvalid); }
};

// Counts one row into `stats` (at upload, after a row edit, or when an older import is read).
void countRow(RowStats& stats, const store::ImportRecord& record, const ImportTypeTraits& traits,
              const rows::Fields& fields, RowCounting how, int64_t rowNumber);

// A row that names no account where the import needs one (a docs/decisions.md D6 reason).
bool rowIsAccountless(const store::ImportRecord& record, const ImportTypeTraits& traits,
                      const rows::Fields& fields);
// The row's account type when outside docs/imports.md §12.1's table (a docs/decisions.md D6
// reason), else nullopt.
std::optional<std::string> unknownAccountType(const ImportTypeTraits& traits,
                                              const rows::Fields& fields);

// docs/decisions.md D43: the import's `skip_invalid_rows` option (stored in its configuration).
bool skipsInvalidRows(const ImportOptions& options);

// Reads the row counts stored with the import (O(1) in the rows) and its mappings; imports
// stored before schema v11 have their rows scanned and validated at `today`.
ImportView evaluateImport(store::Tx& s, const TypeCatalogue& types,
                          const store::ImportRecord& record, domain::Date today);

} // namespace finimport::app
