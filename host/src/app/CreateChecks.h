#pragma once
// The checks that create (API.md §7) and preflight (§12.4, D29: "exactly create's checks")
// share for CSV-family types, in their one order: §7.3 content checks with their own codes,
// then the D26 validation_failed listing, then decoding and the rows-to-skip check.

#include "app/ImportContent.h"
#include "app/ImportOptions.h"
#include "app/TextDecoding.h"
#include "store/AccountStore.h"
#include "store/Database.h"
#include "store/FamilyStore.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

struct CreateChecks {
    std::optional<ImportError> refusal; // a §7.3 content refusal: answer it as is
    ContentCheck content;
    std::vector<std::string> errors; // D26 validation_failed lines, in order
    std::optional<std::string> accountId;
    std::optional<store::AccountRow> account;
    std::optional<store::FamilyRow> family;
    ImportOptions options;
    std::optional<DecodedText> text; // decoded content (not for PDF), when there are no errors
};

CreateChecks runCreateChecks(store::Database& db, const CreateImportRequest& request,
                             const ImportTypeTraits& traits, const plugin::ImporterHandle* importer,
                             bool knownType, const std::string& fallbackCharset);

} // namespace finimport::app
