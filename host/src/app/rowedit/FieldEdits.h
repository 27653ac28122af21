#pragma once
// A row edit's field values (D44, D56): canonical text in the file's sign, checked with the
// rules the type's plugin applies at upload, and the derived values (signed_amount,
// signed_qty, currency_given) recomputed from them with the import's options.

#include "app/ImportOptions.h"
#include "app/RowCollector.h"
#include "app/RowValidation.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace finimport::app {

using FieldEditList = std::vector<std::pair<std::string, std::optional<std::string>>>;

// The fields a client may send: the visible fields of the rows endpoint that the row has,
// except a rule's conditions, actions, active and effective_date (their JSON is checked by the
// rule plugin only). nullopt when `name` may be edited, else the 422 line.
std::optional<std::string> fieldEditRefusal(const RowFields& fields, const std::string& name);

// Applies `edits` to a stored row of `type`: every edited field's stored errors are replaced
// by the errors of its new value, and the derived values follow (for the types whose sign
// rule lives in their plugin, the row keeps the sign relation it had).
void applyFieldEdits(const std::string& type, const std::string& kind, const ImportOptions& options,
                     const FieldEditList& edits, RowFields& fields,
                     std::vector<RowMessage>& errors);

} // namespace finimport::app
