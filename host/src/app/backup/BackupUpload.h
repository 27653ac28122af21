#pragma once
// Creating an import of the engine's own NDJSON backup format (docs/api.md §7.7).

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportTypes.h"
#include "store/Database.h"

#include <string>

namespace finimport::app {

// Stores the upload as a pending import: its id, or why nothing was stored.
StoredUpload storeBackupUpload(store::Database& db, const CreateImportRequest& request,
                               const ImportTypeTraits& traits);

} // namespace finimport::app
