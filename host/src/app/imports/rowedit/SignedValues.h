#pragma once
// The engine-sign values of an edited row whose plugin has no row check (docs/decisions.md D67,
// docs/api.md §12.6): the host knows no format, so it keeps the relation the row had between a
// value in the file's sign and its engine-sign twin, uses the default of the record vocabulary
// when the row had no twin, and marks the twin as not recomputed otherwise.

#include "app/imports/RowCollector.h"
#include "app/imports/RowValidation.h"

#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

// The engine-sign twin `signedField` of `plainField` after an edit of the latter: ±plain as the
// row had it, else `defaultSign` × plain when the row had no twin, else null and a
// `not_recomputed` error on `signedField` (the plugin scaled or computed it).
std::optional<std::string> keptSignedValue(const rows::Fields& before, const rows::Fields& after,
                                           const char* plainField, const char* signedField,
                                           int defaultSign, std::vector<RowMessage>& errors);

// A trade's cash (signed_amount) after an edit of its quantity or price: price × signed_qty
// when it was that product (or absent) before, else the total the file stated, kept.
std::optional<std::string> keptTradeCash(const rows::Fields& before, const rows::Fields& after,
                                         std::vector<RowMessage>& errors);

} // namespace finimport::app
