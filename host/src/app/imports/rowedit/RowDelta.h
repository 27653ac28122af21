#pragma once
// A row edit's effect on the import's stored counts (docs/decisions.md D44), without reading the
// other rows: the row's old contribution is taken out of the stats, mappings and D18 duplicates and
// its new one put in. When a listed reason would need rows it cannot see (a row number or type
// value to list in place of the removed one), it answers false and the caller recounts.

#include "app/imports/ImportTypes.h"
#include "app/imports/RowValidation.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

namespace finimport::app {

struct RowState {
    rows::Fields fields;
    bool valid = true, excluded = false;
};

// `row` is the stored row after the edit (its id and number); `before`/`after` its states;
// `traits` the import's type.
bool applyRowDelta(store::Tx& s, store::ImportRecord& import, const ImportTypeTraits& traits,
                   const store::ImportRowRecord& row, const RowState& before,
                   const RowState& after);

} // namespace finimport::app
