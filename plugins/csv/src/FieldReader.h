// Reading one logical field of a CSV row (or of a stored record, for a row check) through its
// label and aliases: the column cache resolved once per run and the per-row reader the
// transaction, trade and account builders of LedgerImports.cpp share.
#ifndef FINIMPORT_CSV_FIELDREADER_H
#define FINIMPORT_CSV_FIELDREADER_H

#include "ColumnIndex.h"
#include "CsvTable.h"
#include "RunNotes.h"
#include "Settings.h"

#include "finimport/date.hpp"
#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::csv {

// The header names each field falls back to after its label (docs/imports.md §5.3).
std::span<const std::string_view> aliasesOf(Field field);

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
const char* recordFieldOf(Field field);

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

} // namespace finimport::csv

#endif // FINIMPORT_CSV_FIELDREADER_H
