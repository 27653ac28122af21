#pragma once
// The engine-sign values of an edited row (D53, D56): what the CSV plugin computes from a
// canonical amount/quantity with the import's options, and for the other types the sign
// relation the row already had (their default: money in is positive in the file).

#include "app/ImportOptions.h"
#include "app/RowValidation.h"

#include <cstdint>
#include <optional>
#include <string>

namespace finimport::app {

// signed_amount of a transaction row whose `amount` (file sign) is canonical text. nullopt
// (with `error` set) when the result does not fit.
std::optional<std::string> signedTransactionAmount(const std::string& type,
                                                   const ImportOptions& options,
                                                   const RowFields& before, const RowFields& after,
                                                   std::string& error);

// signed_qty of a trade row (a buy increases the quantity, §12.8).
std::optional<std::string> signedTradeQty(const std::string& type, const ImportOptions& options,
                                          const RowFields& before, const RowFields& after);

// ISO 4217 minor units of `currency` (2 when unknown), as the CSV plugin rounds D53 factors.
int currencyMinorUnits(const std::string& currency);

} // namespace finimport::app
