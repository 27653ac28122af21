#pragma once
// A row edit through the serving plugin's row check (sdk/docs/row-checks.md, docs/decisions.md
// D67): the plugin, the only owner of its format's rules, turns the edited record into its
// values and row errors with the code that built it at upload.

#include "app/imports/ImportRequest.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/RowCollector.h"
#include "app/imports/RowValidation.h"
#include "app/imports/rowedit/FieldEdits.h"
#include "plugin/ImporterHandle.h"
#include "store/ImportStore.h"
#include "store/Tx.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app {

struct CheckedRecord {
    rows::Fields fields;
    std::vector<RowMessage> errors;
};

// The record as the plugin checked it: `stored` with every field the check emitted replaced,
// and the check's row errors in place of all the stored ones. A fatal error of the check is the
// 422 of docs/decisions.md D65 (its code and message); nothing is changed then.
std::variant<CheckedRecord, Error>
checkEditedRecord(store::Tx& s, const plugin::ImporterHandle& importer,
                  const store::ImportRecord& import, const ImportTypeTraits& traits,
                  const std::string& kind, const rows::Fields& stored, const rows::Fields& edits);

} // namespace finimport::app
