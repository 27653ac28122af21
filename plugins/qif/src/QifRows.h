// Turns parsed QIF sections into records (docs/plugin-records.md, "QIF"): `transaction`,
// `split`, `opening_balance`, `trade`, and a final `meta` record with the date pattern used.
#ifndef FINIMPORT_QIF_ROWS_H
#define FINIMPORT_QIF_ROWS_H

#include "QifModel.h"

#include "finimport/date.hpp"
#include "finimport/decimal.hpp"
#include "finimport/plugin.hpp"

#include <optional>
#include <string>

namespace finimport::qif {

struct QifSettings {
    std::optional<std::string> defaultCurrency;
    std::string dateFormat; // "" → auto-detected
    sdk::NumberFormat numberFormat = sdk::NumberFormat::CommaDot;
    int currentYear = 2000;
    sdk::CivilDate today;
};

// The default account name of a section without an `!Account` block.
std::string defaultAccountName(const Section& section);

// The pattern used for the file's dates: the explicit one, else detection over every
// transaction section's normalised `D` values, else `%m/%d/%Y` (docs/imports.md §5.9).
std::string chooseDateFormat(const QifFile& file, const QifSettings& settings);

// `date_format=auto` (D45/D55): the pattern every transaction date fits within D1's window,
// when all fitting patterns agree; nullopt otherwise.
std::optional<std::string> decideDateFormat(const QifFile& file, const QifSettings& settings);

// `number_format=auto`: decided from every amount, price, quantity and commission.
std::optional<sdk::NumberFormat> decideNumberFormat(const QifFile& file);

// An undecidable `auto` format: no record at all, one meta record naming the error.
fi_run_status emitUndecided(Records& out, const std::string& error);

fi_run_status emitRecords(const QifFile& file, const QifSettings& settings,
                          const std::string& dateFormat, Records& out);

} // namespace finimport::qif

#endif // FINIMPORT_QIF_ROWS_H
