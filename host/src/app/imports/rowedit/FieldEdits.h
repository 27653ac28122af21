#pragma once
// A row edit's field values (docs/decisions.md D44, D56): which fields a client may send, and,
// for a plugin without a row check (D67), the host's generic rule: canonical text in the file's
// sign checked by the record vocabulary, derived values kept in the relation the row had.

#include "app/imports/RowCollector.h"
#include "app/imports/RowValidation.h"
#include "app/rows/Fields.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

// The fields a client may send: those the table of record `kind` lists as editable
// (app/rows/RecordKinds.h) that the row has, never its locked ones (a rule's conditions, actions,
// active and effective_date: their JSON is checked by the rule plugin only). nullopt when `name`
// may be edited, else the 422 line.
std::optional<std::string> fieldEditRefusal(const std::string& kind, const rows::Fields& fields,
                                            const std::string& name);

// Applies `edits` to a stored row of record `kind` without its plugin (docs/decisions.md D67):
// every edited field's stored errors are replaced by the errors of its new value, and the
// derived values follow SignedValues.h's rule.
void applyFieldEdits(const std::string& kind, const rows::Fields& edits, rows::Fields& fields,
                     std::vector<RowMessage>& errors);

} // namespace finimport::app
