// Turning cells into record values: canonical text when they parse, the raw text plus a row
// error when they do not (plugins/csv/records.md, docs/decisions.md D5, D15).
#ifndef FINIMPORT_CSV_FIELDVALUES_H
#define FINIMPORT_CSV_FIELDVALUES_H

#include "finimport/decimal.hpp"
#include "finimport/plugin.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::csv {

struct FieldIssue {
    std::string code;  // "required", "invalid_date", "invalid_number"
    std::string field; // record field name
    std::string message;
    std::optional<std::string> raw;
};

// Collects the issues of one row; they are sent after the row itself.
class RowIssues {
public:
    void add(std::string code, std::string field, std::string message,
             std::optional<std::string> raw = std::nullopt);
    void required(std::string_view field, std::string_view label); // "<Label> is required"
    bool send(Records& out, const Location& where) const;
    // Replaces the message of every issue with `code`.
    void rewrite(std::string_view code, const std::string& message);
    bool empty() const { return issues_.empty(); }
    void clear() { issues_.clear(); }

private:
    std::vector<FieldIssue> issues_;
};

// ISO date, "" when blank, or the raw text with an invalid_date issue.
std::string dateValue(std::string_view cell, const std::string& format, bool required,
                      RowIssues& issues);

// dateValue into `row`: a cell already canonical (an ISO cell under %Y-%m-%d) and a raw cell
// are borrowed, not copied; `cell` must stay unchanged until the row is sent.
void setDate(RowBuffer& row, std::size_t field, std::string_view cell, const std::string& format,
             bool required, RowIssues& issues);

// A number cell: the parsed value (nullopt when blank or invalid); `text` receives the
// canonical text, "" when blank, or the raw text when invalid (with an issue). `label` is the
// field's name in messages ("Amount", "Qty", "Price").
std::optional<sdk::Decimal> numberValue(std::string_view cell, sdk::NumberFormat format,
                                        std::string_view field, std::string_view label,
                                        bool required, RowIssues& issues, std::string& text);

// value * -1 with the same fraction digits.
std::string negated(const sdk::Decimal& value);

// negated(value) into the field's own storage of `row`: the sign of the canonical text flipped.
void setNegated(RowBuffer& row, std::size_t field, const sdk::Decimal& value);

// The negation of a canonical cell (parseCanonicalDecimal; `scaled` its value) into `row`:
// "-4.50" borrows "4.50" from the cell (which must stay unchanged until the row is sent), "4.50"
// is copied as "-4.50", zero stays as it is.
void setNegatedCell(RowBuffer& row, std::size_t field, std::string_view cell, std::int64_t scaled);

// formatScaled into the field's own storage of `row` (no allocation once it has grown).
void setScaled(RowBuffer& row, std::size_t field, std::int64_t scaled, int fractionDigits);

} // namespace finimport::csv

#endif // FINIMPORT_CSV_FIELDVALUES_H
