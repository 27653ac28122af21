#include "RunNotes.h"

#include "finimport/text.hpp"

#include <algorithm>
#include <array>

namespace finimport::csv {

namespace {

// Normalised headers (sdk::normalizeHeader) that name a currency column in English, French,
// German, Dutch, Spanish, Italian, Portuguese, Polish, Czech and Swedish exports.
constexpr std::array<std::string_view, 14> kCurrencySynonyms = {
    "devise", "w\xC3\xA4hrung", "waehrung", "valuta",        "moneda", "divisa",      "moeda",
    "waluta", "m\xC4\x9Bna",    "mena",     "currency_code", "ccy",    "valuta_code", "munt"};

} // namespace

void checkCellCount(const DataRecord& record, std::size_t headerCells, const Settings& settings,
                    RowIssues& issues) {
    const std::size_t cells = record.fields.size();
    if (cells <= headerCells) return;
    // A trailing separator (`a,b,c,`) adds blank cells only: nothing was split.
    if (std::all_of(record.fields.begin() + std::ptrdiff_t(headerCells), record.fields.end(),
                    [](std::string_view cell) { return cell.empty(); }))
        return;
    const std::string separator =
        settings.separator == '\t' ? std::string("TAB") : std::string(1, settings.separator);
    issues.add("too_many_cells", "row",
               "Row has " + std::to_string(cells) + " cells but the header has " +
                   std::to_string(headerCells) + ": a value holds an unquoted \"" + separator +
                   "\"");
}

bool looksLikeCurrencyCode(std::string_view cell) {
    return cell.size() == 3 && std::all_of(cell.begin(), cell.end(), [](char c) {
               return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
           });
}

std::optional<std::size_t> currencySynonymColumn(const ColumnIndex& columns) {
    for (std::string_view synonym : kCurrencySynonyms)
        if (auto column = columns.find(synonym)) return column;
    return std::nullopt;
}

} // namespace finimport::csv
