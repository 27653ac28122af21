// What a careful reader of a bank CSV checks besides each cell (docs/decisions.md D90, D91):
// rows whose cell count exceeds the header's (an unquoted separator inside a value), and the
// currency column a bank heads in its own language.
#ifndef FINIMPORT_CSV_RUNNOTES_H
#define FINIMPORT_CSV_RUNNOTES_H

#include "AutoFormats.h"
#include "ColumnIndex.h"
#include "CsvTable.h"
#include "FieldValues.h"
#include "Settings.h"

#include "finimport/plugin.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// docs/decisions.md D99: a running balance column (`balance_col_label`). Each row's stated
// balance must be the previous row's plus the amount, in file order either way (oldest or newest
// first: the direction more pairs agree with); a mismatch is a warning naming the line. The
// newest balance is what the file states at its end, compared with the ledger after publish.
class RunningBalance {
public:
    explicit RunningBalance(sdk::NumberFormat format) : format_(format) {}
    // A built transaction row (field 1: ISO date, field 9: engine-signed amount) and its cell.
    void row(std::string_view balanceCell, const RowBuffer& row, std::uint64_t line);
    bool sendWarnings(Records& out) const;
    std::optional<StatedBalance> last() const;

private:
    struct Step {
        std::int64_t balance = 0, moneyIn = 0;
        bool hasAmount = false;
        int digits = 0;
        std::uint64_t line = 0;
        std::string date;
    };
    bool newestFirst() const;
    sdk::NumberFormat format_;
    std::vector<Step> steps_;
};

} // namespace finimport::csv

#endif // FINIMPORT_CSV_RUNNOTES_H
