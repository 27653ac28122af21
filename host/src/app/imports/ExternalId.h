#pragma once
// D52/D63: the external id a row carries (OFX FITID, camt reference, MT940 `//` reference, a
// CSV `external_id` column), when it is usable: non-blank and not NONREF, NOTPROVIDED or NONE
// (any case). Any plugin's row field named `external_id` counts.

#include "app/imports/RowValidation.h"

#include <optional>
#include <string>

namespace finimport::app {

std::optional<std::string> usableExternalId(const std::string& text);
std::optional<std::string> rowExternalId(const rows::Fields& row);

} // namespace finimport::app
