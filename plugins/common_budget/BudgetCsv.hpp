// Shared by the Mint, Actual and YNAB plugins (header-only, SDK only): reading a budgeting
// app's CSV export and emitting `transaction` records in the shape of records.md.
#ifndef FINIMPORT_BUDGET_CSV_HPP
#define FINIMPORT_BUDGET_CSV_HPP

#include "finimport/date.hpp"
#include "finimport/detect.hpp"
#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::budget {

inline constexpr const char* kDefaultName = "Imported item";

inline constexpr const char* kTransactionFields[] = {
    "account",  "date", "amount", "currency",    "name",
    "category", "tags", "notes",  "entity_type", "signed_amount"};
enum FieldIndex : std::size_t {
    kAccount,
    kDate,
    kAmount,
    kCurrency,
    kName,
    kCategory,
    kTags,
    kNotes,
    kEntityType,
    kSignedAmount
};

// The options every budget-app importer reads.
struct Settings {
    std::optional<std::string> defaultCurrency;
    std::string dateFormat;
    sdk::NumberFormat numberFormat = sdk::NumberFormat::CommaDot;
    char separator = ',';
    // D37/D45/D55: `auto` values, decided from the file before any row is sent.
    bool autoSeparator = false, autoDate = false, autoNumber = false;
};

inline Settings readSettings(const Options& options, std::string_view defaultDateFormat) {
    Settings s;
    if (auto c = options.get("default_currency"); c && !c->empty())
        s.defaultCurrency = sdk::toUpperAscii(*c);
    const std::string date = options.string("date_format");
    s.autoDate = date == "auto";
    s.dateFormat = date.empty() || s.autoDate ? std::string(defaultDateFormat) : date;
    if (auto n = options.get("number_format"); n && *n == "auto") {
        s.autoNumber = true;
    } else if (n && !n->empty()) {
        auto parsed = sdk::parseNumberFormat(*n);
        if (!parsed)
            throw Fatal("Option number_format has an unsupported value: " + std::string(*n));
        s.numberFormat = *parsed;
    }
    if (auto sep = options.get("col_sep"); sep && *sep == "auto") {
        s.autoSeparator = true;
    } else if (sep && !sep->empty()) {
        if (*sep != "," && *sep != ";")
            throw Fatal("Option col_sep has an unsupported value: " + std::string(*sep));
        s.separator = (*sep)[0];
    }
    return s;
}

// A data record: trimmed cells and where it came from.
struct DataRow {
    std::vector<std::string> cells;
    std::uint64_t number = 0, line = 0;
};

// The header (exact cells, BOM dropped) and the data rows; blank lines are skipped. A CSV
// syntax error is fatal with the docs/decisions.md D14 message.
struct Table {
    std::vector<std::string> header;
    std::uint64_t headerLine = 0;
    std::vector<DataRow> rows;

    // Exact, case-sensitive column position (Mint, Actual).
    std::optional<std::size_t> exact(std::string_view name) const {
        for (std::size_t i = 0; i < header.size(); ++i)
            if (sdk::trim(header[i]) == name) return i;
        return std::nullopt;
    }
    // Position by normalised name (YNAB), first match.
    std::optional<std::size_t> normalized(std::string_view name) const {
        const std::string key = sdk::normalizeHeader(name);
        for (std::size_t i = 0; i < header.size(); ++i)
            if (!header[i].empty() && sdk::normalizeHeader(header[i]) == key) return i;
        return std::nullopt;
    }
};

inline std::string cell(const DataRow& row, std::optional<std::size_t> column) {
    if (!column || *column >= row.cells.size()) return {};
    return row.cells[*column];
}

inline bool blankRecord(const sdk::CsvRecord& r) {
    for (const auto& f : r.fields)
        if (!sdk::isBlank(f)) return false;
    return true;
}

// `fixedHeader` (docs/decisions.md D38: a headerless file in the type's known column order) names
// the columns of a file that has no header row.
inline Table readTableFrom(sdk::CsvReader::Source source, char separator,
                           const std::vector<std::string>* fixedHeader) {
    sdk::CsvReader reader(std::move(source), separator);
    Table table;
    sdk::CsvRecord record;
    bool haveHeader = fixedHeader != nullptr;
    if (fixedHeader) table.header = *fixedHeader;
    std::uint64_t count = 0;
    while (reader.next(record)) {
        if (blankRecord(record)) continue;
        if (!haveHeader) {
            table.header = record.fields;
            table.headerLine = record.line;
            haveHeader = true;
            continue;
        }
        DataRow row;
        for (const auto& f : record.fields)
            row.cells.emplace_back(sdk::trim(f));
        row.line = record.line;
        row.number = ++count;
        table.rows.push_back(std::move(row));
    }
    if (const auto& error = reader.error()) throw Fatal(error->message());
    return table;
}

inline Table readTable(Records& out, char separator,
                       const std::vector<std::string>* fixedHeader = nullptr) {
    return readTableFrom([&out](char* b, std::size_t n) { return out.read(b, n); }, separator,
                         fixedHeader);
}

// As above; `col_sep=auto` reads the whole input first and sniffs the separator (docs/decisions.md
// D37).
inline Table readTable(Records& out, Settings& settings,
                       const std::vector<std::string>* fixedHeader = nullptr) {
    if (!settings.autoSeparator) return readTable(out, settings.separator, fixedHeader);
    std::string input;
    char buffer[65536];
    for (std::int64_t n; (n = out.read(buffer, sizeof buffer)) != 0;) {
        if (n < 0) throw Fatal("The CSV could not be parsed: the input could not be read");
        input.append(buffer, std::size_t(n));
        if (input.size() > (32u << 20))
            throw Fatal("The CSV could not be parsed: the file is too large");
    }
    settings.separator = sdk::detectSeparator(input);
    std::size_t offset = 0;
    sdk::CsvReader::Source source = [&](char* b, std::size_t n) -> std::int64_t {
        n = std::min(n, input.size() - offset);
        std::memcpy(b, input.data() + offset, n);
        offset += n;
        return std::int64_t(n);
    };
    return readTableFrom(source, settings.separator, fixedHeader);
}

// Emits the header record (sdk/docs/records.md, "Header and numbering").
inline bool emitHeader(Records& out, const Table& table) {
    std::vector<const char*> cells;
    Row row(table.header.size());
    for (std::size_t i = 0; i < table.header.size(); ++i) {
        cells.push_back(table.header[i].c_str());
        row.set(i, table.header[i]);
    }
    return out.begin("header", cells) && out.row(row, Location{0, table.headerLine});
}

struct Issue {
    std::string code, field, message, raw;
};

// One transaction row under construction with its issues (sent after the row).
struct TransactionRow {
    Row row{std::size(kTransactionFields)};
    std::vector<Issue> issues;

    void required(const char* field, const char* label) {
        issues.push_back({"required", field, std::string(label) + " is required", {}});
    }

    // ISO date, or the raw text with an invalid_date issue; blank is "Date is required".
    void date(std::string_view text, const std::string& format) {
        if (text.empty()) {
            row.set(kDate, "");
            required("date", "Date");
            return;
        }
        if (auto d = sdk::parseDate(text, format)) {
            row.set(kDate, sdk::formatIsoDate(*d));
            return;
        }
        row.set(kDate, std::string(text));
        issues.push_back({"invalid_date", "date", "Date must exactly match the format: " + format,
                          std::string(text)});
    }

    // A strictly parsed number (docs/decisions.md D5); blank → nullopt without an issue (the caller
    // decides).
    std::optional<sdk::Decimal> number(std::string_view text, sdk::NumberFormat format,
                                       const char* field, const char* label) {
        auto result = sdk::parseDecimal(text, format);
        if (result.value) return result.value;
        if (result.error != sdk::DecimalError::Blank)
            issues.push_back({"invalid_number", field,
                              sdk::decimalErrorMessage(result.error, label, text, format),
                              std::string(text)});
        return std::nullopt;
    }

    bool send(Records& out, std::uint64_t number, std::uint64_t line) const {
        const Location where{number, line};
        if (!out.row(row, where)) return false;
        for (const Issue& i : issues)
            if (!out.rowError(i.code.c_str(), where, i.field.c_str(), i.message,
                              i.raw.empty() ? nullptr : i.raw.c_str()))
                return false;
        return true;
    }
};

inline std::string negatedText(const sdk::Decimal& value) {
    return sdk::formatScaled(-value.scaled, value.fractionDigits);
}

// Currency cell upper-cased, else the default currency (NULL when neither).
inline void setCurrency(TransactionRow& t, std::string_view currencyCell,
                        const Settings& settings) {
    if (!currencyCell.empty())
        t.row.set(kCurrency, sdk::toUpperAscii(currencyCell));
    else if (settings.defaultCurrency)
        t.row.set(kCurrency, *settings.defaultCurrency);
}

// The cells `auto` formats are decided from: every row's date and amount cells, folded in.
struct FormatSamples {
    sdk::DateFormatDecider dates{sdk::rowDateWindow().first, sdk::rowDateWindow().second};
    sdk::NumberFormatDecider numbers;
    bool anyDate = false;

    void date(std::string_view cell) {
        anyDate = anyDate || !sdk::isBlank(cell);
        dates.add(cell);
    }
    void number(std::string_view cell) { numbers.add(cell); }
};

inline constexpr FieldList kMetaFields{"col_sep", "date_format", "number_format", "error"};

// The `meta` record: the values `auto` options resolved to, or why one could not be decided.
inline bool emitMeta(Records& out, const Settings& s, const std::optional<std::string>& error) {
    Row row(kMetaFields.size());
    if (s.autoSeparator) row.set(kMetaFields["col_sep"], std::string(1, s.separator));
    if (s.autoDate && !error) row.set(kMetaFields["date_format"], s.dateFormat);
    if (s.autoNumber && !error)
        row.set(kMetaFields["number_format"], std::string(sdk::numberFormatName(s.numberFormat)));
    if (error) row.set(kMetaFields["error"], *error);
    return out.begin("meta", kMetaFields) && out.row(row, Location{0, 0});
}

// Decides the `auto` formats (D45/D55, never a guess), then sends the header record and
// begins the transaction records. A value when the run ends here: stopped, or undecidable
// (no row is sent, the meta record says why).
inline std::optional<fi_run_status> startRows(Records& out, Settings& s, const Table& table,
                                              const FormatSamples& samples) {
    std::optional<std::string> error;
    if (s.autoDate && samples.anyDate) {
        if (auto f = samples.dates.result())
            s.dateFormat = std::string(*f);
        else
            error = "Date format is ambiguous; send date_format";
    }
    if (s.autoNumber && !error) {
        if (auto f = samples.numbers.result())
            s.numberFormat = *f;
        else
            error = "Number format is ambiguous; send number_format";
    }
    if (!emitHeader(out, table) || !out.begin("transaction", kTransactionFields))
        return FI_RUN_STOPPED;
    if (error) return emitMeta(out, s, error) ? FI_RUN_OK : FI_RUN_STOPPED;
    return std::nullopt;
}

// After the rows: echoes the values `auto` options resolved to.
inline fi_run_status finishRows(Records& out, const Settings& s) {
    if (!s.autoSeparator && !s.autoDate && !s.autoNumber) return FI_RUN_OK;
    return emitMeta(out, s, std::nullopt) ? FI_RUN_OK : FI_RUN_STOPPED;
}

// Text without NUL bytes may be CSV; the extension makes it likely.
inline fi_probe_result probeCsvText(std::string_view head, const char* filename) {
    if (head.find('\0') != std::string_view::npos) return FI_PROBE_NO;
    const std::string_view name = filename ? filename : "";
    auto endsWith = [&](std::string_view suffix) { return sdk::endsWithIgnoreCase(name, suffix); };
    return endsWith(".csv") || endsWith(".txt") ? FI_PROBE_YES : FI_PROBE_MAYBE;
}

} // namespace finimport::budget

#endif // FINIMPORT_BUDGET_CSV_HPP
