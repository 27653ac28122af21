#include "RunNotes.h"

#include "RecordFields.h"

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

void RunningBalance::row(std::string_view cell, const RowBuffer& row, std::uint64_t line) {
    if (cell.empty()) return;
    const auto balance = sdk::parseDecimal(cell, format_);
    if (!balance.value) return; // an unreadable balance checks nothing
    Step step;
    step.balance = balance.value->scaled;
    step.digits = balance.value->fractionDigits;
    step.line = line;
    if (auto date = row[kTransaction["date"]]) step.date = std::string(*date);
    if (auto engine = row[kTransaction["signed_amount"]]) {
        const auto amount = sdk::parseDecimal(*engine, sdk::NumberFormat::CommaDot);
        if (amount.value) {
            step.moneyIn = -amount.value->scaled; // the engine sign: positive is money out
            step.hasAmount = true;
            step.digits = std::max(step.digits, amount.value->fractionDigits);
        }
    }
    steps_.push_back(std::move(step));
}

bool RunningBalance::newestFirst() const {
    std::size_t forward = 0, backward = 0;
    for (std::size_t i = 1; i < steps_.size(); ++i) {
        const Step &a = steps_[i - 1], &b = steps_[i];
        if (b.hasAmount && b.balance == a.balance + b.moneyIn) ++forward;
        if (a.hasAmount && a.balance == b.balance + a.moneyIn) ++backward;
    }
    return backward > forward;
}

bool RunningBalance::sendWarnings(Records& out) const {
    static constexpr FieldList kFields{"message"};
    constexpr std::size_t kListed = 20;
    const bool newest = newestFirst();
    std::vector<std::string> lines;
    std::size_t more = 0;
    for (std::size_t i = 1; i < steps_.size(); ++i) {
        // `now` is the later row in time, `before` the one it continues.
        const Step& now = newest ? steps_[i - 1] : steps_[i];
        const Step& before = newest ? steps_[i] : steps_[i - 1];
        if (!now.hasAmount || now.balance == before.balance + now.moneyIn) continue;
        if (lines.size() == kListed) {
            ++more;
            continue;
        }
        const int d = std::max(now.digits, before.digits);
        lines.push_back("Line " + std::to_string(now.line) + ": the balance " +
                        sdk::formatScaled(now.balance, d) + " is not " +
                        sdk::formatScaled(before.balance + now.moneyIn, d) +
                        " (the balance of line " + std::to_string(before.line) + ", " +
                        sdk::formatScaled(before.balance, d) + ", plus the amount " +
                        sdk::formatScaled(now.moneyIn, d) + ")");
    }
    if (more > 0)
        lines.push_back(std::to_string(more) + " more balance " +
                        (more == 1 ? "mismatch" : "mismatches") + " not listed");
    if (lines.empty()) return true;
    if (!out.begin("warning", kFields)) return false;
    for (const std::string& line : lines) {
        Row row(kFields.size());
        row.set(kFields["message"], line);
        if (!out.row(row, Location{0, 0})) return false;
    }
    return true;
}

std::optional<StatedBalance> RunningBalance::last() const {
    if (steps_.empty()) return std::nullopt;
    const Step& end = newestFirst() ? steps_.front() : steps_.back();
    if (!sdk::parseDate(end.date, "%Y-%m-%d")) return std::nullopt; // its date is invalid
    return StatedBalance{sdk::formatScaled(end.balance, std::max(end.digits, 2)), end.date};
}

} // namespace finimport::csv
