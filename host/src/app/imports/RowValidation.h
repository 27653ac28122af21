#pragma once
// Row validation evaluated now (docs/imports.md §3, §5.8, §12.6; docs/decisions.md D1): the parse
// errors the plugin stored, plus the checks that depend on today and on the currency table.

#include "app/imports/RowCollector.h"
#include "app/rows/Fields.h"
#include "domain/Date.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::app {

// Full sentences, date errors first, currency errors last.
std::vector<std::string> rowErrorsNow(const rows::Fields& fields,
                                      const std::vector<RowMessage>& stored, domain::Date today);

// The row date window of docs/decisions.md D1: (today − 50 years, today + 1 day] (50, not the
// reference's 30).
bool dateInWindow(domain::Date date, domain::Date today);

} // namespace finimport::app
