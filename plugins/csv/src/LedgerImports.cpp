// TransactionImport, TradeImport and AccountImport: generic column lookup (IMPORTS.md §5.3,
// §6.1-§6.3) and signs (§5.6, §12.8).
#include "AmountSteps.h"
#include "AutoFormats.h"
#include "ColumnIndex.h"
#include "CsvTable.h"
#include "FieldValues.h"
#include "Importers.h"
#include "Settings.h"

#include "finimport/detect.hpp"
#include "finimport/text.hpp"

#include <algorithm>

namespace finimport::csv {

namespace {

constexpr const char* kDefaultName = "Imported item";

// Each field's columns, resolved on first use and kept for the run (labels and aliases do not
// change between rows). An entry remembers its aliases: a call with others resolves afresh.
class ColumnCache {
public:
    explicit ColumnCache(const ColumnIndex& columns) : columns_(columns) {}

    std::string_view cell(const Settings& settings, Field field,
                          std::initializer_list<std::string_view> aliases,
                          const std::vector<std::string>& row) {
        Entry& entry = entries_[std::size_t(field)];
        if (!entry.choice || !sameAliases(entry.aliases, aliases)) {
            entry.choice = columns_.resolve(settings.label(field), aliases);
            entry.aliases.assign(aliases.begin(), aliases.end());
        }
        return ColumnIndex::cell(*entry.choice, row);
    }

private:
    // Call sites pass the same literals: their addresses usually match, the text decides.
    static bool sameAliases(const std::vector<std::string_view>& kept,
                            std::initializer_list<std::string_view> aliases) {
        if (kept.size() != aliases.size()) return false;
        auto it = kept.begin();
        for (std::string_view alias : aliases) {
            if (alias.data() != it->data() && alias != *it) return false;
            ++it;
        }
        return true;
    }

    struct Entry {
        std::optional<ColumnChoice> choice;
        std::vector<std::string_view> aliases; // string literals of the call sites
    };
    const ColumnIndex& columns_;
    Entry entries_[std::size_t(Field::Count)];
};

// Reads one logical field of a data row through its label and aliases.
class FieldReader {
public:
    FieldReader(const Settings& settings, ColumnCache& columns, const DataRecord& record)
        : settings_(settings), columns_(columns), record_(record) {}

    std::string operator()(Field field, std::initializer_list<std::string_view> aliases) const {
        return std::string(columns_.cell(settings_, field, aliases, record_.fields));
    }

    std::string account() const { return (*this)(Field::Account, {"account", "account_name"}); }
    std::string entityType() const {
        return (*this)(Field::EntityType, {"entity_type", "account_type", "type"});
    }
    std::optional<std::string> currency() const {
        std::string cell = (*this)(Field::Currency, {"currency"});
        if (!cell.empty()) return sdk::toUpperAscii(cell);
        return settings_.defaultCurrency;
    }
    // "true" when the row names its currency, "false" when it got the default: the host then
    // uses the target account's currency instead (IMPORTS.md §6.1 step 3, D4).
    const char* currencyGiven() const {
        return (*this)(Field::Currency, {"currency"}).empty() ? "false" : "true";
    }

private:
    const Settings& settings_;
    ColumnCache& columns_;
    const DataRecord& record_;
};

void setOptional(Row& row, std::size_t field, const std::optional<std::string>& value) {
    if (value) row.set(field, *value);
}

// The engine-sign amount (positive = money out) of a CSV amount (§5.6).
std::string engineAmount(const Settings& s, const sdk::Decimal& amount, std::string_view type) {
    if (!s.customColumn) return s.inflowsPositive ? negated(amount) : amount.text;
    bool positiveTreatment = s.inflowsPositive;
    if (s.inflowValue == "inflows_positive" || s.inflowValue == "inflows_negative")
        positiveTreatment = s.inflowValue == "inflows_positive";
    const bool isInflowType = type == s.inflowValue;
    return isInflowType == positiveTreatment ? negated(amount) : amount.text;
}

// Shared frame: options, header, duplicate check, begin(kind), one call per data row. With
// an `auto` option the whole file is read first and the formats are decided from every row
// (D55: a second pass before the 201); `sample` names the cells each format is read from.
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
        ColumnCache scanCache(columns);
        while (scan.next(record))
            sample(settings, FieldReader(settings, scanCache, record), samples);
        undecided = decideFormats(settings, samples);
    }
    CsvTable table(out, settings.separator, settings.rowsToSkip);
    openTable(table);
    if (!table.readHeader()) return FI_RUN_STOPPED;
    const ColumnIndex columns(table.header());
    if (auto duplicates = columns.duplicates())
        throw Fatal("CSV headers normalize to duplicate columns: " + *duplicates);
    if (!out.begin(kind, fields)) return FI_RUN_STOPPED;
    ColumnCache cache(columns);
    Row row(fields.size()); // one row and issue list for every record: no allocation per row
    RowIssues issues;
    // An undecided format sends no row at all: nothing is read under a guessed format.
    while (!undecided && table.next(record)) {
        row.clear();
        issues.clear();
        buildRow(settings, FieldReader(settings, cache, record), row, issues);
        const Location where{record.number, record.line};
        if (!out.row(row, where) || !issues.send(out, where)) return FI_RUN_STOPPED;
    }
    if (detect && !emitMeta(out, settings, undecided)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

// The cells `auto` formats are decided from, per record kind.
void sampleDated(const FieldReader& read, FormatSamples& samples) {
    samples.date(read(Field::Date, {"date"}));
}

void sampleTransaction(const Settings& s, const FieldReader& read, FormatSamples& samples) {
    sampleDated(read, samples);
    if (s.splitColumns) {
        samples.number(read(Field::Inflow, {}));
        samples.number(read(Field::Outflow, {}));
    } else {
        samples.number(read(Field::Amount, {"amount", "balance"}));
    }
}

void sampleTrade(const Settings&, const FieldReader& read, FormatSamples& samples) {
    sampleDated(read, samples);
    samples.number(read(Field::Qty, {"qty", "quantity"}));
    samples.number(read(Field::Price, {"price"}));
    samples.number(read(Field::Amount, {"amount", "balance"}));
}

void sampleAccount(const Settings&, const FieldReader& read, FormatSamples& samples) {
    sampleDated(read, samples);
    samples.number(read(Field::Amount, {"amount", "balance"}));
}

constexpr const char* kTransactionFields[] = {
    "account", "date",  "amount",      "currency",      "name",          "category",
    "tags",    "notes", "entity_type", "signed_amount", "currency_given"};

// D53: an ISO 4217 code written with the number ("12,50 EUR") that is not the row's currency.
bool contradictsCurrency(std::string_view cell, sdk::NumberFormat format,
                         const std::string& currency) {
    const auto parsed = sdk::parseDecimal(cell, format);
    const std::string& code = parsed.currency;
    if (code.size() != 3) return false;
    for (char c : code)
        if (c < 'A' || c > 'Z') return false; // symbols and words never contradict
    return code != currency;
}

// D40: money in = |inflow| − |outflow|; "" (with an issue) when both are blank or one is bad.
std::optional<sdk::Decimal> splitAmount(const Settings& s, const FieldReader& read,
                                        RowIssues& issues, std::string& text) {
    std::string inText, outText;
    auto in = numberValue(read(Field::Inflow, {}), s.numberFormat, "amount", "Amount", false,
                          issues, inText);
    auto out = numberValue(read(Field::Outflow, {}), s.numberFormat, "amount", "Amount", false,
                           issues, outText);
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

void buildTransaction(const Settings& s, const FieldReader& read, Row& row, RowIssues& issues) {
    row.set(0, read.account());
    row.set(1, dateValue(read(Field::Date, {"date"}), s.dateFormat, true, issues));
    std::string amountText;
    const std::string amountCell = s.splitColumns ? "" : read(Field::Amount, {"amount", "balance"});
    auto amount = s.splitColumns ? splitAmount(s, read, issues, amountText)
                                 : numberValue(amountCell, s.numberFormat, "amount", "Amount", true,
                                               issues, amountText);
    row.set(2, amountText);
    const auto currency = read.currency();
    if (amount && currency && contradictsCurrency(amountCell, s.numberFormat, *currency)) {
        issues.add("invalid_number", "amount",
                   "Amount \"" + amountCell + "\" is not in the row's currency " + *currency,
                   amountCell);
        amount.reset();
    }
    setOptional(row, 3, currency);
    std::string name = read(Field::Name, {"name"});
    row.set(4, name.empty() ? kDefaultName : name);
    row.set(5, read(Field::Category, {"category"}));
    row.set(6, read(Field::Tags, {"tags"}));
    row.set(7, read(Field::Notes, {"notes"}));
    const std::string type = read.entityType();
    row.set(8, type);
    row.set(10, read.currencyGiven());
    if (!amount) return;
    // D53: split columns ignore signage; money in is negative in the engine sign.
    const std::string engine = s.splitColumns ? negated(*amount) : engineAmount(s, *amount, type);
    if (!s.multiplier && !s.divisor) {
        row.set(9, engine);
        return;
    }
    const auto parsed = sdk::parseDecimal(engine, sdk::NumberFormat::CommaDot);
    const int minor = minorUnits(currency.value_or(""));
    const auto scaled =
        parsed.value ? applyFactors(parsed.value->scaled, s.multiplier.value_or(ExactFactor{}),
                                    s.divisor.value_or(ExactFactor{}), minor)
                     : std::nullopt;
    if (!scaled) {
        issues.add("invalid_number", "amount", "Amount \"" + amountText + "\" is out of range",
                   amountText);
        return;
    }
    row.set(9, sdk::formatScaled(*scaled, minor));
}

constexpr const char* kTradeFields[] = {
    "account",  "date", "ticker",     "exchange_operating_mic", "qty",           "price", "amount",
    "currency", "name", "signed_qty", "signed_amount",          "currency_given"};

void buildTrade(const Settings& s, const FieldReader& read, Row& row, RowIssues& issues) {
    row.set(0, read.account());
    row.set(1, dateValue(read(Field::Date, {"date"}), s.dateFormat, true, issues));
    const std::string ticker = sdk::toUpperAscii(read(Field::Ticker, {"ticker"}));
    if (ticker.empty()) issues.required("ticker", "Ticker");
    row.set(2, ticker);
    row.set(3, read(Field::Mic, {"exchange_operating_mic"}));
    std::string qtyText, priceText, amountText;
    auto qty = numberValue(read(Field::Qty, {"qty", "quantity"}), s.numberFormat, "qty", "Qty",
                           true, issues, qtyText);
    auto price = numberValue(read(Field::Price, {"price"}), s.numberFormat, "price", "Price", true,
                             issues, priceText);
    numberValue(read(Field::Amount, {"amount", "balance"}), s.numberFormat, "amount", "Amount",
                false, issues, amountText);
    row.set(4, qtyText);
    row.set(5, priceText);
    row.set(6, amountText);
    setOptional(row, 7, read.currency());
    std::string name = read(Field::Name, {"name"});
    row.set(8, name.empty() ? kDefaultName : name);
    row.set(11, read.currencyGiven());
    if (!qty) return;
    // §12.8: a buy increases the quantity under both conventions.
    const std::int64_t signedQty = s.inflowsPositive ? qty->scaled : -qty->scaled;
    row.set(9, s.inflowsPositive ? qty->text : negated(*qty));
    if (!price) return;
    if (auto product = sdk::multiplyScaled(price->scaled, signedQty)) {
        const int digits =
            std::min(sdk::kDecimalScaleDigits, price->fractionDigits + qty->fractionDigits);
        row.set(10, sdk::formatScaled(*product, digits));
    } else {
        issues.add("invalid_number", "signed_amount", "Price times quantity is out of range");
    }
}

constexpr const char* kAccountFields[] = {"name",        "amount", "currency",
                                          "entity_type", "date",   "signed_amount"};

void buildAccount(const Settings& s, const FieldReader& read, Row& row, RowIssues& issues) {
    const std::string name = read(Field::Name, {"name"});
    if (name.empty()) issues.required("name", "Name");
    row.set(0, name);
    std::string amountText;
    auto amount = numberValue(read(Field::Amount, {"amount", "balance"}), s.numberFormat, "amount",
                              "Amount", true, issues, amountText);
    row.set(1, amountText);
    setOptional(row, 2, read.currency());
    row.set(3, read.entityType());
    row.set(4, dateValue(read(Field::Date, {"date"}), s.dateFormat, false, issues));
    // A balance is a level, not a flow: signage does not apply (records.md).
    if (amount) row.set(5, amount->text);
}

} // namespace

fi_run_status runTransactions(const Options& options, Records& out) {
    return runGeneric(options, out, "transaction", kTransactionFields, buildTransaction,
                      sampleTransaction);
}

fi_run_status runTrades(const Options& options, Records& out) {
    return runGeneric(options, out, "trade", kTradeFields, buildTrade, sampleTrade);
}

fi_run_status runAccounts(const Options& options, Records& out) {
    return runGeneric(options, out, "account", kAccountFields, buildAccount, sampleAccount);
}

} // namespace finimport::csv
