#pragma once
// The checks that create (docs/api.md §7) and preflight (§12.4, docs/decisions.md D29: "exactly
// create's checks") share for every plugin-read type, in their one order: §7.3 content checks with
// their own codes, then the D26 validation_failed listing, then decoding and the line-count bounds.

#include "app/imports/ColumnSuggestions.h"
#include "app/imports/ImportContent.h"
#include "app/imports/ImportOptions.h"
#include "app/imports/TextDecoding.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/FamilyStore.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

struct CreateChecks {
    std::optional<Error> refusal; // a docs/api.md §7.3 content refusal: answer it as is
    ContentCheck content;
    std::vector<std::string> errors; // docs/decisions.md D26 validation_failed lines, in order
    std::optional<std::string> accountId;
    std::optional<store::AccountRow> account;
    std::optional<store::FamilyRow> family;
    ImportOptions options;
    std::optional<DecodedText> text; // decoded content (not for binary formats), when valid
};

// The columns and formats of `text` (docs/decisions.md D156), read under the separator and rows
// to skip the request sent.
ColumnReading readColumnsOf(const CreateImportRequest& request, const ImportOptions& options,
                            const ImportTypeTraits& traits, std::string_view text);

// `traits`: the request's type in `types` (whose known types an unknown one's error lists).
CreateChecks runCreateChecks(store::Database& db, const CreateImportRequest& request,
                             const TypeCatalogue& types, const ImportTypeTraits& traits,
                             const std::string& fallbackCharset);

} // namespace finimport::app
