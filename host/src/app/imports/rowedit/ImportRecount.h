#pragma once
// After a row edit (docs/decisions.md D44): the import's row stats, mappings and D18 duplicates
// counted again from its stored rows, as the upload counted them, and stored in its summary, so
// `GET /imports/{id}` stays a read of stored counts. Costs one pass over the rows.

#include "app/imports/ImportTypes.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

namespace finimport::app {

// `traits`: the import's type.
void recountImport(store::Tx& s, store::ImportRecord& import, const ImportTypeTraits& traits);

} // namespace finimport::app
