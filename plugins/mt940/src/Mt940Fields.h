// The SWIFT field grammars the MT940 importer needs: balances (:60a:/:62a:), statement lines
// (:61:) and information to the account owner (:86:, free or `?NN`-structured).
#ifndef FINIMPORT_MT940_FIELDS_H
#define FINIMPORT_MT940_FIELDS_H

#include "StatementRecords.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mt940 {

struct Balance {
    finimport::statement::Money level; // D is negative
    std::string currency;              // as written (3 letters)
    std::string date;                  // ISO
};

// `C110522EUR3236,28` → +3236.28 EUR on 2011-05-22; nullopt when it does not fit.
std::optional<Balance> parseBalance(std::string_view text);

struct EntryLine {
    std::optional<std::string>
        date; // ISO entry date (year from the value date ±1), else value date
    std::optional<std::string> rawDate;                // shown when the date is unreadable
    std::optional<finimport::statement::Money> amount; // money in positive
    std::optional<std::string> rawAmount;
    std::optional<std::string> bankReference; // after `//`
    std::string supplementary;                // the second line, if any
    std::vector<finimport::statement::Issue> issues;
};

// `1105210523D11,59N426NONREF//B1` (value date, optional MMDD entry date, C/D/RC/RD, optional
// funds code, amount with a decimal comma, type code, references).
EntryLine parseEntry(std::string_view text);

struct Details {
    std::string name;
    std::string notes;
};

// docs/decisions.md D59: structured `?NN` text → name `?32`+`?33` (else the booking text `?00`,
// else the first line), notes `?20`–`?29`; free text → name the first line, notes the whole text.
Details parseDetails(std::string_view text);

// YYMMDD with the POSIX pivot (00–68 → 20xx, 69–99 → 19xx); nullopt for a date that does not
// exist.
std::optional<finimport::sdk::CivilDate> parseShortDate(std::string_view yymmdd);

} // namespace mt940

#endif // FINIMPORT_MT940_FIELDS_H
