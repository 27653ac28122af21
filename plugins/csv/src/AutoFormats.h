// `col_sep=auto`, `date_format=auto` and `number_format=auto` (docs/decisions.md D37, D45, D55):
// the values are decided from the file before any row is sent, and echoed through a `meta` record.
// A format that cannot be decided is an import error; nothing is stored under a guessed format.
#ifndef FINIMPORT_CSV_AUTOFORMATS_H
#define FINIMPORT_CSV_AUTOFORMATS_H

#include "Settings.h"

#include "finimport/date.hpp"
#include "finimport/detect.hpp"
#include "finimport/plugin.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::csv {

inline constexpr const char* kAmbiguousDate = "Date format is ambiguous; send date_format";
inline constexpr const char* kAmbiguousNumber = "Number format is ambiguous; send number_format";

// True when any option is `auto` (the whole input is then read first).
bool needsDetection(const Settings& settings);

// The whole input; Fatal beyond a bound above the host's content limit.
std::string readWholeInput(Records& out);

// `text` after its first `lines` LF-terminated lines (rows_to_skip counts physical lines).
std::string_view afterLines(std::string_view text, std::uint64_t lines);

// The cells each `auto` format is decided from (every data row of the columns), folded in
// as they are read: memory does not grow with the file.
struct FormatSamples {
    FormatSamples();
    void date(std::string_view cell);
    void number(std::string_view cell) { numbers.add(cell); }

    sdk::DateFormatDecider dates;
    sdk::NumberFormatDecider numbers;
    bool anyDate = false;
};

// Replaces `auto` date/number formats by the decided ones; the error message when one cannot
// be decided (every sample fits none, or two formats that read a sample differently).
std::optional<std::string> decideFormats(Settings& settings, const FormatSamples& samples);

// The last balance a file states (docs/decisions.md D99): canonical decimal and ISO date.
struct StatedBalance {
    std::string balance, date;
};

// The `meta` record: the values used for the `auto` options, and the error when undecided; with
// a stated balance also `stated_balance` and `stated_balance_date` (compared after publish).
bool emitMeta(Records& out, const Settings& settings, const std::optional<std::string>& error,
              const std::optional<StatedBalance>& stated = std::nullopt);

} // namespace finimport::csv

#endif // FINIMPORT_CSV_AUTOFORMATS_H
