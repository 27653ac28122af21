// TransactionImport, TradeImport and AccountImport: generic column lookup (docs/imports.md §5.3,
// §6.1-§6.3) and signs (§5.6, §12.8).
#include "AmountSteps.h"
#include "AutoFormats.h"
#include "ColumnIndex.h"
#include "CsvTable.h"
#include "FieldValues.h"
#include "Importers.h"
#include "RunNotes.h"
#include "Settings.h"

#include "finimport/detect.hpp"
#include "finimport/text.hpp"

#include <algorithm>
#include <array>

namespace finimport::csv {

namespace {

constexpr std::string_view kDefaultName = "Imported item";

// The header names each field falls back to after its label (docs/imports.md §5.3).
std::span<const std::string_view> aliasesOf(Field field) {
    static constexpr std::string_view account[] = {"account", "account_name"};
    static constexpr std::string_view entityType[] = {"entity_type", "account_type", "type"};
    static constexpr std::string_view currency[] = {"currency"};
    static constexpr std::string_view date[] = {"date"};
    static constexpr std::string_view amount[] = {"amount", "balance"};
    static constexpr std::string_view name[] = {"name"};
    static constexpr std::string_view category[] = {"category"};
    static constexpr std::string_view tags[] = {"tags"};
    static constexpr std::string_view notes[] = {"notes"};
    static constexpr std::string_view qty[] = {"qty", "quantity"};
    static constexpr std::string_view price[] = {"price"};
    static constexpr std::string_view ticker[] = {"ticker"};
    static constexpr std::string_view mic[] = {"exchange_operating_mic"};
    switch (field) {
    case Field::Account:
        return account;
    case Field::EntityType:
        return entityType;
    case Field::Currency:
        return currency;
    case Field::Date:
        return date;
    case Field::Amount:
        return amount;
    case Field::Name:
        return name;
    case Field::Category:
        return category;
    case Field::Tags:
        return tags;
    case Field::Notes:
        return notes;
    case Field::Qty:
        return qty;
    case Field::Price:
        return price;
    case Field::Ticker:
        return ticker;
    case Field::Mic:
        return mic;
    case Field::Inflow:     // docs/decisions.md D40: by label only
    case Field::Outflow:    // docs/decisions.md D40: by label only
    case Field::ExternalId: // docs/decisions.md D63: by label only
    case Field::Balance:    // docs/decisions.md D99: by label only
    case Field::Count:
        break;
    }
    return {};
}

// Each field's columns, resolved once per run from its label and aliases (they do not change
// between rows): a row costs an index lookup per field.
class ColumnCache {
public:
    ColumnCache(const ColumnIndex& columns, const Settings& settings) {
        for (std::size_t f = 0; f < std::size_t(Field::Count); ++f) {
            choices_[f] = columns.resolve(settings.label(Field(f)), aliasesOf(Field(f)));
            const ColumnChoice& choice = choices_[f];
            only_[f] = choice.columns.empty()                            ? kNone
                       : choice.positional || choice.columns.size() == 1 ? choice.columns[0]
                                                                         : kSeveral;
            if (only_[f] != kNone) present_.push_back(f);
        }
        // docs/decisions.md D91: `Devise`, `Währung` ... when nothing else names the currency.
        if (only_[std::size_t(Field::Currency)] == kNone)
            currencySynonym_ = currencySynonymColumn(columns);
    }

    using Cells = std::array<std::string_view, std::size_t(Field::Count)>;

    // Every field's cell in `row` (records hold trimmed cells). Only the fields with a column are
    // written: the others keep the "" that `cells` was created with, row after row. Most fields
    // have no column (they are skipped) or one (an index, not a walk over candidates).
    void fill(const std::vector<std::string_view>& row, Cells& cells) const {
        for (std::size_t f : present_) {
            const std::size_t only = only_[f];
            cells[f] = only != kSeveral ? (only < row.size() ? row[only] : std::string_view())
                                        : ColumnIndex::trimmedCell(choices_[f], row);
        }
        if (currencySynonym_ && *currencySynonym_ < row.size() &&
            looksLikeCurrencyCode(row[*currencySynonym_]))
            cells[std::size_t(Field::Currency)] = row[*currencySynonym_];
    }

private:
    static constexpr std::size_t kNone = SIZE_MAX, kSeveral = SIZE_MAX - 1;
    ColumnChoice choices_[std::size_t(Field::Count)];
    std::size_t only_[std::size_t(Field::Count)]; // the one column, kNone or kSeveral
    std::vector<std::size_t> present_;            // the fields whose only_ is not kNone
    std::optional<std::size_t>
        currencySynonym_; // docs/decisions.md D91: only when Currency has no column
};

// The record field a logical field's value is stored in (a row check reads the stored record).
const char* recordFieldOf(Field field) {
    static constexpr const char* kNames[] = {"date",
                                             "amount",
                                             "name",
                                             "category",
                                             "tags",
                                             "notes",
                                             "account",
                                             "qty",
                                             "ticker",
                                             "price",
                                             "entity_type",
                                             "currency",
                                             "exchange_operating_mic",
                                             nullptr,
                                             nullptr,
                                             "external_id",
                                             nullptr}; // inflow/outflow: in amount; balance: none
    static_assert(std::size(kNames) == std::size_t(Field::Count));
    return kNames[std::size_t(field)];
}

// Reads one logical field of a data row through its label and aliases, or (a row check) of a
// stored record by its field name. A cell it returns lives as long as the reader and the record:
// a row may borrow it until it is sent.
class FieldReader {
public:
    // A reader of a file's rows: load() each record (one reader serves every row).
    explicit FieldReader(const Settings& settings) : settings_(settings) {}
    void load(const ColumnCache& columns, const DataRecord& record) {
        columns.fill(record.fields, cells_);
    }
    // The values a stored record's fields are read into (one per Field, owned by the caller, so
    // the per-row reader of a file holds no strings of its own).
    using StoredValues = std::array<std::string, std::size_t(Field::Count)>;
    // docs/decisions.md D95: an edited date written in the import's own `fileDateFormat` is
    // read as the canonical date it names.
    FieldReader(const Settings& settings, const Options& stored, StoredValues& values,
                const std::string& fileDateFormat)
        : settings_(settings), stored_(true) {
        for (std::size_t f = 0; f < std::size_t(Field::Count); ++f) {
            const char* name = recordFieldOf(Field(f));
            values[f].assign(name ? stored.get(name).value_or("") : "");
            if (Field(f) == Field::Date && !values[f].empty() &&
                !sdk::parseDate(values[f], settings.dateFormat))
                if (auto date = sdk::parseDate(values[f], fileDateFormat))
                    values[f] = sdk::formatIsoDate(*date);
            cells_[f] = values[f];
        }
    }

    // The field's cell through its label and aliasesOf(field), or the stored record's value.
    std::string_view operator()(Field field) const { return cells_[std::size_t(field)]; }
    // A stored record: its amount is already one number (split columns were combined).
    bool stored() const { return stored_; }

    std::string_view account() const { return (*this)(Field::Account); }
    std::string_view entityType() const { return (*this)(Field::EntityType); }
    std::string_view currencyCell() const { return (*this)(Field::Currency); }
    // The row's currency (`cell`: currencyCell()) into row[field]: the cell upper-cased, else the
    // default currency, else null. Returns the value as set (valid until the row is sent).
    std::optional<std::string_view> setCurrency(RowBuffer& row, std::size_t field,
                                                std::string_view cell) const {
        if (!cell.empty()) {
            if (std::any_of(cell.begin(), cell.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
                row.set(field, sdk::toUpperAscii(cell));
            else
                row.borrow(field, cell);
            return row[field];
        }
        // docs/decisions.md D91: the request's `currency` is the file's, stated like a cell.
        if (settings_.fileCurrency) {
            row.borrow(field, *settings_.fileCurrency);
            return *settings_.fileCurrency;
        }
        if (!settings_.defaultCurrency) return std::nullopt;
        row.borrow(field, *settings_.defaultCurrency);
        return *settings_.defaultCurrency;
    }
    // "true" when the row names its currency (`cell`: currencyCell()), "false" when it got the
    // default: the host then uses the target account's currency instead (docs/imports.md §6.1
    // step 3, docs/decisions.md D4).
    std::string_view currencyGiven(std::string_view cell) const {
        return cell.empty() && !settings_.fileCurrency ? "false" : "true";
    }

private:
    const Settings& settings_;
    bool stored_ = false;        // a row check's record, not a file's row
    ColumnCache::Cells cells_{}; // every field's value, "" when absent
};

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

constexpr const char* kTransactionFields[] = {
    "account", "date",  "amount",      "currency",      "name",           "category",
    "tags",    "notes", "entity_type", "signed_amount", "currency_given", "external_id"};

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
    row.borrow(0, read.account());
    setDate(row, 1, read(Field::Date), s.dateFormat, true, issues);
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
        row.borrow(2, amountCell);
    } else {
        amount = twoColumns ? splitAmount(s, read, issues, amountText)
                            : numberValue(amountCell, s.numberFormat, "amount", "Amount", true,
                                          issues, amountText);
        row.set(2, amountText);
    }
    const std::string_view currencyCell = read.currencyCell();
    const auto currency = read.setCurrency(row, 3, currencyCell);
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
        row.borrow(4, kDefaultName);
    else
        row.borrow(4, name);
    row.borrow(5, read(Field::Category));
    row.borrow(6, read(Field::Tags));
    row.borrow(7, read(Field::Notes));
    const std::string_view type = read.entityType();
    row.borrow(8, type);
    row.borrow(10, read.currencyGiven(currencyCell));
    setExternalId(row, 11, read);
    if (!canonical && !amount) return;
    if (!canonical) {
        scaled = amount->scaled;
        digits = amount->fractionDigits;
    }
    // docs/decisions.md D53: split columns ignore signage; money in is negative in the engine sign.
    const bool negate = s.splitColumns || engineNegates(s, type);
    if (!s.multiplier && !s.divisor) {
        if (canonical && negate)
            setNegatedCell(row, 9, amountCell, scaled);
        else if (canonical)
            row.borrow(9, amountCell);
        else if (negate)
            setNegated(row, 9, *amount);
        else
            row.set(9, amount->text);
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
    setScaled(row, 9, *factored, minor);
}

constexpr const char* kTradeFields[] = {
    "account",    "date",       "ticker",        "exchange_operating_mic",
    "qty",        "price",      "amount",        "currency",
    "name",       "signed_qty", "signed_amount", "currency_given",
    "external_id"};

void buildTrade(const Settings& s, const FieldReader& read, RowBuffer& row, RowIssues& issues) {
    row.borrow(0, read.account());
    setDate(row, 1, read(Field::Date), s.dateFormat, true, issues);
    const std::string ticker = sdk::toUpperAscii(read(Field::Ticker));
    if (ticker.empty()) issues.required("ticker", "Ticker");
    row.set(2, ticker);
    row.borrow(3, read(Field::Mic));
    std::string qtyText, priceText, amountText;
    auto qty = numberValue(read(Field::Qty), s.numberFormat, "qty", "Qty", true, issues, qtyText);
    auto price =
        numberValue(read(Field::Price), s.numberFormat, "price", "Price", true, issues, priceText);
    numberValue(read(Field::Amount), s.numberFormat, "amount", "Amount", false, issues, amountText);
    row.set(4, qtyText);
    row.set(5, priceText);
    row.set(6, amountText);
    const std::string_view currencyCell = read.currencyCell();
    read.setCurrency(row, 7, currencyCell);
    const std::string_view name = read(Field::Name);
    if (name.empty())
        row.borrow(8, kDefaultName);
    else
        row.borrow(8, name);
    row.borrow(11, read.currencyGiven(currencyCell));
    setExternalId(row, 12, read);
    if (!qty) return;
    // docs/imports.md §12.8: a buy increases the quantity under both conventions.
    const std::int64_t signedQty = s.inflowsPositive ? qty->scaled : -qty->scaled;
    if (s.inflowsPositive)
        row.set(9, qty->text);
    else
        setNegated(row, 9, *qty);
    if (!price) return;
    if (auto product = sdk::multiplyScaled(price->scaled, signedQty)) {
        const int digits =
            std::min(sdk::kDecimalScaleDigits, price->fractionDigits + qty->fractionDigits);
        setScaled(row, 10, *product, digits);
    } else {
        issues.add("invalid_number", "signed_amount", "Price times quantity is out of range");
    }
}

constexpr const char* kAccountFields[] = {"name",        "amount", "currency",
                                          "entity_type", "date",   "signed_amount"};

void buildAccount(const Settings& s, const FieldReader& read, RowBuffer& row, RowIssues& issues) {
    const std::string_view name = read(Field::Name);
    if (name.empty()) issues.required("name", "Name");
    row.borrow(0, name);
    std::string amountText;
    auto amount = numberValue(read(Field::Amount), s.numberFormat, "amount", "Amount", true, issues,
                              amountText);
    row.set(1, amountText);
    read.setCurrency(row, 2, read.currencyCell());
    row.borrow(3, read.entityType());
    setDate(row, 4, read(Field::Date), s.dateFormat, false, issues);
    // A balance is a level, not a flow: signage does not apply (records.md).
    if (amount) row.set(5, amount->text);
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
    return checkGeneric(kind, options, fields, out, "transaction", kTransactionFields,
                        buildTransaction);
}

fi_run_status checkTrade(std::string_view kind, const Options& options, const Options& fields,
                         Records& out) {
    return checkGeneric(kind, options, fields, out, "trade", kTradeFields, buildTrade);
}

fi_run_status checkAccount(std::string_view kind, const Options& options, const Options& fields,
                           Records& out) {
    return checkGeneric(kind, options, fields, out, "account", kAccountFields, buildAccount);
}

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
