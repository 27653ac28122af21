// What a careful reader of a bank CSV checks besides each cell (docs/decisions.md D90, D91):
// rows whose cell count exceeds the header's (an unquoted separator inside a value), and the
// currency column a bank heads in its own language.
#ifndef FINIMPORT_CSV_RUNNOTES_H
#define FINIMPORT_CSV_RUNNOTES_H

#include "ColumnIndex.h"
#include "CsvTable.h"
#include "FieldValues.h"
#include "Settings.h"

#include "finimport/plugin.hpp"

#include <optional>
#include <string_view>

namespace finimport::csv {

// docs/decisions.md D90: a data row with more non-blank cells than the header is a row error
// (`…,-1.234,56` under `date,name,amount` would otherwise store -1.234). Fewer cells read as
// blank, as before: banks drop trailing empty cells.
void checkCellCount(const DataRecord& record, std::size_t headerCells, const Settings& settings,
                    RowIssues& issues);

// docs/decisions.md D91: the currency column by its name in the bank's language (`Devise`,
// `Währung`, `Valuta` ...), when neither currency_col_label nor a `currency` header names one.
// Only cells that look like an ISO 4217 code count: German `Valuta` is a value date.
std::optional<std::size_t> currencySynonymColumn(const ColumnIndex& columns);
bool looksLikeCurrencyCode(std::string_view cell);

} // namespace finimport::csv

#endif // FINIMPORT_CSV_RUNNOTES_H
