#pragma once
// The import reads of the API: the list (docs/api.md §12.2) and an import's rows with their
// errors evaluated now and their mappings resolved (§12.3, docs/decisions.md D15, D44). The
// handlers in http/ only write what these return.

#include "app/imports/ImportEvaluation.h"
#include "app/imports/RowCollector.h"
#include "app/imports/RowValidation.h"
#include "domain/Date.h"
#include "store/Database.h"
#include "store/ImportStore.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

// The window of a list the caller serves, chosen once the list's total is known (a page past
// the end serves the last one).
struct PageSpan {
    int64_t limit = 0, offset = 0;
};
using PageOf = std::function<PageSpan(int64_t totalCount)>;

// GET /api/v1/imports: the family's imports matching `filter`, newest first (read from a
// replica when one is configured). Each view holds what a list item shows (docs/api.md §12: the
// record and status_detail's uploaded, configured and terminal), not the evaluation of `GET
// /imports/{id}` (stats, mappings, reasons): docs/decisions.md D216.
std::vector<ImportView> listImports(store::Database& db, const store::ImportListFilter& filter,
                                    const PageOf& pageOf);

// A row's value mapped to a family record (docs/api.md §12.3 `mappings`).
struct MappingView {
    std::string key, kind;
    std::optional<std::string> value;
    bool createWhenEmpty = false, creatable = false;
    // The record it maps to, when that record is the family's: its id, type and name.
    struct Target {
        std::string id, type;
        std::optional<std::string> name;
    };
    std::optional<Target> mappable;
};

// One row as GET /imports/{id}/rows shows it.
struct ImportRowView {
    std::string id;
    int64_t rowNumber = 0;
    bool excluded = false;
    std::vector<std::string> errors;      // evaluated now
    std::vector<RowMessage> errorDetails; // the plugin's, with their places in the file
    rows::Fields fields;
    std::optional<MappingView> account, category, accountType; // when the row names one
    std::vector<MappingView> tags;
};

// GET /api/v1/imports/{id}/rows (only the invalid ones when `onlyInvalid`); nullopt when the
// import is not the family's.
std::optional<std::vector<ImportRowView>>
listImportRows(store::Database& db, const TypeCatalogue& types, const std::string& familyId,
               const std::string& importId, bool onlyInvalid, domain::Date today,
               const PageOf& pageOf);

// A row just edited (PATCH …/rows/{number} answers it as the list shows it).
ImportRowView viewImportRow(store::Database& db, const std::string& familyId,
                            const store::ImportRowRecord& row, domain::Date today);

} // namespace finimport::app
