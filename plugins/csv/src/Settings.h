// The run options of a CSV import, read and checked once (plugins/csv/records.md lists them).
#ifndef FINIMPORT_CSV_SETTINGS_H
#define FINIMPORT_CSV_SETTINGS_H

#include "finimport/decimal.hpp"
#include "finimport/plugin.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace finimport::csv {

// The logical fields that have a `<field>_col_label` option.
enum class Field {
    Date,
    Amount,
    Name,
    Category,
    Tags,
    Notes,
    Account,
    Qty,
    Ticker,
    Price,
    EntityType,
    Currency,
    Mic,
    Inflow,     // docs/decisions.md D40 split columns
    Outflow,    // docs/decisions.md D40 split columns
    ExternalId, // docs/decisions.md D63 external_id_col_label
    Balance,    // docs/decisions.md D99 balance_col_label: checked, never stored
    Count
};

// An exact factor (D42/D53): digits / 10^scale, at most 12 decimal places, never zero.
struct ExactFactor {
    std::int64_t digits = 1;
    int scale = 0;
};

struct Settings {
    std::optional<std::string> defaultCurrency;
    std::optional<std::string> fileCurrency; // docs/decisions.md D91 `currency`, upper-cased
    std::string dateFormat = "%m/%d/%Y";
    sdk::NumberFormat numberFormat = sdk::NumberFormat::CommaDot;
    bool inflowsPositive = true; // signage_convention
    char separator = ',';
    bool customColumn = false; // amount_type_strategy
    std::string inflowValue;   // amount_type_inflow_value
    std::uint64_t rowsToSkip = 0;
    bool hasHeader = true;              // docs/decisions.md D38
    std::uint64_t footerRowsToSkip = 0; // docs/decisions.md D39
    bool splitColumns = false; // docs/decisions.md D40: amount_type_strategy = split_columns
    std::optional<ExactFactor> multiplier; // docs/decisions.md D42 amount_multiplier
    std::optional<ExactFactor> divisor;    // docs/decisions.md D53 amount_divisor
    // D37/D45/D55: `auto` values, decided from the file before any row is sent.
    bool autoSeparator = false;
    bool autoDateFormat = false;
    bool autoNumberFormat = false;
    std::optional<std::string> labels[std::size_t(Field::Count)];

    const std::optional<std::string>& label(Field field) const {
        return labels[std::size_t(field)];
    }
};

// Throws finimport::Fatal for a value outside its manifest enum (the host validates first).
Settings readSettings(const Options& options);

} // namespace finimport::csv

#endif // FINIMPORT_CSV_SETTINGS_H
