// TransactionImport, TradeImport and AccountImport: generic column lookup (docs/imports.md §5.3,
// §6.1-§6.3) and signs (§5.6, §12.8).
#include "AmountSteps.h"
#include "AutoFormats.h"
#include "ColumnIndex.h"
#include "CsvTable.h"
#include "FieldReader.h"
#include "FieldValues.h"
#include "Importers.h"
#include "RecordFields.h"
#include "RunNotes.h"
#include "Settings.h"

#include "finimport/detect.hpp"
#include "finimport/text.hpp"

#include <algorithm>
#include <array>

namespace finimport::csv {

namespace {

constexpr std::string_view kDefaultName = "Imported item";

// Whether the engine-sign amount (positive = money out) of a CSV amount is the amount negated
// (docs/imports.md §5.6).
bool engineNegates(const Settings& s, std::string_view type) {
    if (!s.customColumn) return s.inflowsPositive;
    bool positiveTreatment = s.inflowsPositive;
    if (s.inflowValue == "inflows_positive" || s.inflowValue == "inflows_negative")
        positiveTreatment = s.inflowValue == "inflows_positive";
    const bool isInflowType = type == s.inflowValue;
    return isInflowType == positiveTreatment;
}

// Shared frame: options, header, duplicate check, begin(kind), one call per data row. With
// an `auto` option the whole file is read first and the formats are decided from every row
// (docs/decisions.md D55: a second pass before the 201); `sample` names the cells each format is
// read from.
template <typename BuildRow, typename Sample>
fi_run_status runGeneric(const Options& options, Records& out, const char* kind,
                         std::span<const char* const> fields, BuildRow buildRow, Sample sample) {
    Settings settings = readSettings(options);
    const bool detect = needsDetection(settings);
    const std::string input = detect ? readWholeInput(out) : std::string();
    if (settings.autoSeparator)
        settings.separator = sdk::detectSeparator(afterLines(input, settings.rowsToSkip));
    auto openTable = [&](CsvTable& table) {
        if (detect) table.setInput(input);
        table.setHasHeader(settings.hasHeader);
        table.setFooterRowsToSkip(settings.footerRowsToSkip);
    };
    std::optional<std::string> undecided;
    DataRecord record;
    if (settings.autoDateFormat || settings.autoNumberFormat) {
        // First pass over the buffered file: every row's cells decide the formats.
        FormatSamples samples;
        CsvTable scan(out, settings.separator, settings.rowsToSkip);
        openTable(scan);
        scan.setQuiet(true);
        scan.readHeader();
        const ColumnIndex columns(scan.header());
        ColumnCache scanCache(columns, settings);
        FieldReader read(settings);
        while (scan.next(record)) {
            read.load(scanCache, record);
            sample(settings, read, samples);
        }
        undecided = decideFormats(settings, samples);
    }
    CsvTable table(out, settings.separator, settings.rowsToSkip);
    openTable(table);
    if (!table.readHeader()) return FI_RUN_STOPPED;
    const ColumnIndex columns(table.header());
    if (auto duplicates = columns.duplicates())
        throw Fatal("CSV headers normalize to duplicate columns: " + *duplicates);
    if (!out.begin(kind, fields)) return FI_RUN_STOPPED;
    ColumnCache cache(columns, settings);
    RowBuffer row(fields.size()); // one row and issue list for every record: no allocation per row
    RowIssues issues;
    FieldReader read(settings);
    // docs/decisions.md D99: a transaction file's running balance column.
    std::optional<RunningBalance> running;
    if (settings.label(Field::Balance) && std::string_view(kind) == "transaction")
        running.emplace(settings.numberFormat);
    // An undecided format sends no row at all: nothing is read under a guessed format.
    while (!undecided && table.next(record)) {
        row.clear();
        issues.clear();
        read.load(cache, record);
        buildRow(settings, read, row, issues);
        if (settings.hasHeader) checkCellCount(record, table.header().size(), settings, issues);
        if (running) running->row(read(Field::Balance), row, record.line);
        const Location where{record.number, record.line};
        if (!out.row(row, where) || !issues.send(out, where)) return FI_RUN_STOPPED;
    }
    std::optional<StatedBalance> stated;
    if (running && !undecided) {
        if (!running->sendWarnings(out)) return FI_RUN_STOPPED;
        stated = running->last();
    }
    if ((detect || stated) && !emitMeta(out, settings, undecided, stated)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

// The cells `auto` formats are decided from, per record kind.
void sampleDated(const FieldReader& read, FormatSamples& samples) {
    samples.date(read(Field::Date));
}

void sampleTransaction(const Settings& s, const FieldReader& read, FormatSamples& samples) {
    sampleDated(read, samples);
    if (s.splitColumns) {
        samples.number(read(Field::Inflow));
        samples.number(read(Field::Outflow));
    } else {
        samples.number(read(Field::Amount));
    }
}

void sampleTrade(const Settings&, const FieldReader& read, FormatSamples& samples) {
    sampleDated(read, samples);
    samples.number(read(Field::Qty));
    samples.number(read(Field::Price));
    samples.number(read(Field::Amount));
}

void sampleAccount(const Settings&, const FieldReader& read, FormatSamples& samples) {
    sampleDated(read, samples);
    samples.number(read(Field::Amount));
}

// docs/decisions.md D63: the id column named by external_id_col_label; a blank cell is no id
// (null).
void setExternalId(RowBuffer& row, std::size_t field, const FieldReader& read) {
    const std::string_view id = read(Field::ExternalId);
    if (id.find_first_not_of(" \t") != std::string_view::npos) row.borrow(field, id);
}

// docs/decisions.md D53: an ISO 4217 code written with the number ("12,50 EUR") that is not the
// row's currency.
bool contradictsCurrency(std::string_view cell, sdk::NumberFormat format,
                         std::string_view currency) {
    // A cell without an upper-case letter writes no code: the common case skips the parse.
    if (std::none_of(cell.begin(), cell.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
        return false;
    const auto parsed = sdk::parseDecimal(cell, format);
    const std::string& code = parsed.currency;
    if (code.size() != 3) return false;
    for (char c : code)
        if (c < 'A' || c > 'Z') return false; // symbols and words never contradict
    return code != currency;
}

// docs/decisions.md D40: money in = |inflow| − |outflow|; "" (with an issue) when both are blank or
// one is bad.
std::optional<sdk::Decimal> splitAmount(const Settings& s, const FieldReader& read,
                                        RowIssues& issues, std::string& text) {
    std::string inText, outText;
    auto in =
        numberValue(read(Field::Inflow), s.numberFormat, "amount", "Amount", false, issues, inText);
    auto out = numberValue(read(Field::Outflow), s.numberFormat, "amount", "Amount", false, issues,
                           outText);
    if (inText.empty() && outText.empty()) {
        issues.required("amount", "Amount");
        text.clear();
        return std::nullopt;
    }
    if ((!inText.empty() && !in) || (!outText.empty() && !out)) {
        text = !inText.empty() && !in ? inText : outText;
        return std::nullopt;
    }
    const std::int64_t a = in ? (in->scaled < 0 ? -in->scaled : in->scaled) : 0;
    const std::int64_t b = out ? (out->scaled < 0 ? -out->scaled : out->scaled) : 0;
    const int digits = std::max(in ? in->fractionDigits : 0, out ? out->fractionDigits : 0);
    const auto value = sdk::addScaled(a, -b);
    if (!value) { // unreachable for two non-negative int64 values; kept for safety
        text = inText;
        return std::nullopt;
    }
    text = sdk::formatScaled(*value, digits);
    return sdk::Decimal{text, *value, digits};
}

void buildTransaction(const Settings& s, const FieldReader& read, RowBuffer& row,
                      RowIssues& issues) {
    row.borrow(kTransaction["account"], read.account());
    setDate(row, kTransaction["date"], read(Field::Date), s.dateFormat, true, issues);
    const bool twoColumns = s.splitColumns && !read.stored();
    const std::string_view amountCell = twoColumns ? std::string_view() : read(Field::Amount);
    // The common cell ("-4.50") is canonical already: it is its own text, borrowed, and no
    // Decimal is built for it.
    std::int64_t scaled = 0;
    int digits = 0;
    const bool canonical =
        !twoColumns && sdk::parseCanonicalDecimal(amountCell, s.numberFormat, scaled, digits);
    std::string amountText;
    std::optional<sdk::Decimal> amount;
    if (canonical) {
        row.borrow(kTransaction["amount"], amountCell);
    } else {
        amount = twoColumns ? splitAmount(s, read, issues, amountText)
                            : numberValue(amountCell, s.numberFormat, "amount", "Amount", true,
                                          issues, amountText);
        row.set(kTransaction["amount"], amountText);
    }
    const std::string_view currencyCell = read.currencyCell();
    const auto currency = read.setCurrency(row, kTransaction["currency"], currencyCell);
    // A canonical cell has no letters, so no currency code to contradict.
    if (amount && currency && contradictsCurrency(amountCell, s.numberFormat, *currency)) {
        issues.add("invalid_number", "amount",
                   "Amount \"" + std::string(amountCell) + "\" is not in the row's currency " +
                       std::string(*currency),
                   std::string(amountCell));
        amount.reset();
    }
    const std::string_view name = read(Field::Name);
    if (name.empty())
        row.borrow(kTransaction["name"], kDefaultName);
    else
        row.borrow(kTransaction["name"], name);
    row.borrow(kTransaction["category"], read(Field::Category));
    row.borrow(kTransaction["tags"], read(Field::Tags));
    row.borrow(kTransaction["notes"], read(Field::Notes));
    const std::string_view type = read.entityType();
    row.borrow(kTransaction["entity_type"], type);
    row.borrow(kTransaction["currency_given"], read.currencyGiven(currencyCell));
    setExternalId(row, kTransaction["external_id"], read);
    if (!canonical && !amount) return;
    if (!canonical) {
        scaled = amount->scaled;
        digits = amount->fractionDigits;
    }
    // docs/decisions.md D53: split columns ignore signage; money in is negative in the engine sign.
    const bool negate = s.splitColumns || engineNegates(s, type);
    if (!s.multiplier && !s.divisor) {
        if (canonical && negate)
            setNegatedCell(row, kTransaction["signed_amount"], amountCell, scaled);
        else if (canonical)
            row.borrow(kTransaction["signed_amount"], amountCell);
        else if (negate)
            setNegated(row, kTransaction["signed_amount"], *amount);
        else
            row.set(kTransaction["signed_amount"], amount->text);
        return;
    }
    const std::int64_t engine = negate ? -scaled : scaled;
    const int minor = minorUnits(currency.value_or(""));
    const auto factored = applyFactors(engine, s.multiplier.value_or(ExactFactor{}),
                                       s.divisor.value_or(ExactFactor{}), minor);
    if (!factored) {
        const std::string text = canonical ? std::string(amountCell) : amountText;
        issues.add("invalid_number", "amount", "Amount \"" + text + "\" is out of range", text);
        return;
    }
    setScaled(row, kTransaction["signed_amount"], *factored, minor);
}

void buildTrade(const Settings& s, const FieldReader& read, RowBuffer& row, RowIssues& issues) {
    row.borrow(kTrade["account"], read.account());
    setDate(row, kTrade["date"], read(Field::Date), s.dateFormat, true, issues);
    const std::string ticker = sdk::toUpperAscii(read(Field::Ticker));
    if (ticker.empty()) issues.required("ticker", "Ticker");
    row.set(kTrade["ticker"], ticker);
    row.borrow(kTrade["exchange_operating_mic"], read(Field::Mic));
    std::string qtyText, priceText, amountText;
    auto qty = numberValue(read(Field::Qty), s.numberFormat, "qty", "Qty", true, issues, qtyText);
    auto price =
        numberValue(read(Field::Price), s.numberFormat, "price", "Price", true, issues, priceText);
    numberValue(read(Field::Amount), s.numberFormat, "amount", "Amount", false, issues, amountText);
    row.set(kTrade["qty"], qtyText);
    row.set(kTrade["price"], priceText);
    row.set(kTrade["amount"], amountText);
    const std::string_view currencyCell = read.currencyCell();
    read.setCurrency(row, kTrade["currency"], currencyCell);
    const std::string_view name = read(Field::Name);
    if (name.empty())
        row.borrow(kTrade["name"], kDefaultName);
    else
        row.borrow(kTrade["name"], name);
    row.borrow(kTrade["currency_given"], read.currencyGiven(currencyCell));
    setExternalId(row, kTrade["external_id"], read);
    if (!qty) return;
    // docs/imports.md §12.8: a buy increases the quantity under both conventions.
    const std::int64_t signedQty = s.inflowsPositive ? qty->scaled : -qty->scaled;
    if (s.inflowsPositive)
        row.set(kTrade["signed_qty"], qty->text);
    else
        setNegated(row, kTrade["signed_qty"], *qty);
    if (!price) return;
    if (auto product = sdk::multiplyScaled(price->scaled, signedQty)) {
        const int digits =
            std::min(sdk::kDecimalScaleDigits, price->fractionDigits + qty->fractionDigits);
        setScaled(row, kTrade["signed_amount"], *product, digits);
    } else {
        issues.add("invalid_number", "signed_amount", "Price times quantity is out of range");
    }
}

void buildAccount(const Settings& s, const FieldReader& read, RowBuffer& row, RowIssues& issues) {
    const std::string_view name = read(Field::Name);
    if (name.empty()) issues.required("name", "Name");
    row.borrow(kAccount["name"], name);
    std::string amountText;
    auto amount = numberValue(read(Field::Amount), s.numberFormat, "amount", "Amount", true, issues,
                              amountText);
    row.set(kAccount["amount"], amountText);
    read.setCurrency(row, kAccount["currency"], read.currencyCell());
    row.borrow(kAccount["entity_type"], read.entityType());
    setDate(row, kAccount["date"], read(Field::Date), s.dateFormat, false, issues);
    // A balance is a level, not a flow: signage does not apply (plugins/csv/records.md).
    if (amount) row.set(kAccount["signed_amount"], amount->text);
}

// A row check (plugin.h fi_check_row_fn): one stored record through the row code of the run.
// Its values are canonical (docs/decisions.md D56: ISO dates, '.' decimals), whatever formats
// the file had; signs and factors are those of the import's options.
template <typename BuildRow>
fi_run_status checkGeneric(std::string_view kind, const Options& options, const Options& fields,
                           Records& out, const char* ownKind, std::span<const char* const> names,
                           BuildRow buildRow) {
    if (kind != ownKind)
        throw Fatal("unsupported_record",
                    "Records of kind " + std::string(kind) + " cannot be checked by this importer");
    Settings settings = readSettings(options);
    // docs/decisions.md D95: the import's own date format is accepted besides the canonical one,
    // and a date that fits neither names both.
    const std::string fileDateFormat = settings.autoDateFormat ? "%Y-%m-%d" : settings.dateFormat;
    settings.dateFormat = "%Y-%m-%d";
    settings.numberFormat = sdk::NumberFormat::CommaDot;
    if (!out.begin(ownKind, names)) return FI_RUN_STOPPED;
    RowBuffer row(names.size());
    RowIssues issues;
    FieldReader::StoredValues values; // the row borrows them until it is sent
    const FieldReader read(settings, fields, values, fileDateFormat);
    buildRow(settings, read, row, issues);
    if (fileDateFormat != settings.dateFormat)
        issues.rewrite("invalid_date", "Date must exactly match the format: " + fileDateFormat +
                                           " or " + settings.dateFormat);
    const Location where{1, 0};
    if (!out.row(row, where) || !issues.send(out, where)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

} // namespace

fi_run_status checkTransaction(std::string_view kind, const Options& options, const Options& fields,
                               Records& out) {
    return checkGeneric(kind, options, fields, out, "transaction", kTransaction, buildTransaction);
}

fi_run_status checkTrade(std::string_view kind, const Options& options, const Options& fields,
                         Records& out) {
    return checkGeneric(kind, options, fields, out, "trade", kTrade, buildTrade);
}

fi_run_status checkAccount(std::string_view kind, const Options& options, const Options& fields,
                           Records& out) {
    return checkGeneric(kind, options, fields, out, "account", kAccount, buildAccount);
}

fi_run_status runTransactions(const Options& options, Records& out) {
    return runGeneric(options, out, "transaction", kTransaction, buildTransaction,
                      sampleTransaction);
}

fi_run_status runTrades(const Options& options, Records& out) {
    return runGeneric(options, out, "trade", kTrade, buildTrade, sampleTrade);
}

fi_run_status runAccounts(const Options& options, Records& out) {
    return runGeneric(options, out, "account", kAccount, buildAccount, sampleAccount);
}

} // namespace finimport::csv
