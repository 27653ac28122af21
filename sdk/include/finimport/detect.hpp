// `number_format=auto` (D45/D55): the format is decided from every value of the column, never
// guessed. Header-only, like the other SDK helpers.
#ifndef FINIMPORT_DETECT_HPP
#define FINIMPORT_DETECT_HPP

#include "finimport/csv.hpp"
#include "finimport/decimal.hpp"
#include "finimport/text.hpp"

#include <cstring>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace finimport::sdk {

// The number format under which every non-blank value parses. When several fit, they must
// read every value as the same number (e.g. only "12" and "-3"): then `1,234.56` is answered.
// nullopt when none fits or the fitting formats disagree ("1,234" is 1234 or 1.234): ambiguous.
inline std::optional<NumberFormat> detectNumberFormat(const std::vector<std::string_view>& values) {
    constexpr NumberFormat kCandidates[] = {NumberFormat::CommaDot, NumberFormat::DotComma,
                                            NumberFormat::SpaceComma};
    std::vector<NumberFormat> fitting;
    for (NumberFormat f : kCandidates) {
        bool all = true;
        for (std::string_view v : values) {
            const auto r = parseDecimal(v, f);
            if (!r && r.error != DecimalError::Blank) {
                all = false;
                break;
            }
        }
        if (all) fitting.push_back(f);
    }
    if (fitting.empty()) return std::nullopt;
    for (std::string_view v : values) {
        const auto first = parseDecimal(v, fitting.front());
        for (std::size_t i = 1; i < fitting.size(); ++i) {
            const auto other = parseDecimal(v, fitting[i]);
            if (first.value && other.value && first.value->scaled != other.value->scaled)
                return std::nullopt;
        }
    }
    return fitting.front();
}

// How much of the input `col_sep=auto` looks at (D37).
inline constexpr std::size_t kSeparatorSampleBytes = 64 * 1024;

// `col_sep=auto` (D37/D54) over a sample that starts after `rows_to_skip`: for each candidate
// (`,` `;` TAB `|`), the CSV reader splits the complete lines of the sample (a line cut by the
// 64 KiB bound is dropped) and the most frequent field count above 1 is found; the candidate
// whose count holds on the most non-blank lines wins; ties (and no candidate at all) → `,`.
inline char detectSeparator(std::string_view sample) {
    if (sample.size() > kSeparatorSampleBytes) {
        sample = sample.substr(0, kSeparatorSampleBytes);
        const std::size_t lastLf = sample.rfind('\n');
        if (lastLf != std::string_view::npos) sample = sample.substr(0, lastLf + 1);
    }
    char best = ',';
    std::size_t bestLines = 0;
    for (char candidate : {',', ';', '\t', '|'}) {
        std::size_t offset = 0;
        CsvReader reader(
            [&](char* buffer, std::size_t capacity) -> std::int64_t {
                const std::size_t n = std::min(capacity, sample.size() - offset);
                std::memcpy(buffer, sample.data() + offset, n);
                offset += n;
                return std::int64_t(n);
            },
            candidate);
        std::map<std::size_t, std::size_t> linesByCount;
        CsvRecord record;
        while (reader.next(record)) {
            bool blank = true;
            for (const std::string& field : record.fields)
                blank = blank && isBlank(field);
            if (!blank && record.fields.size() > 1) ++linesByCount[record.fields.size()];
        }
        std::size_t lines = 0;
        for (const auto& [count, n] : linesByCount)
            lines = std::max(lines, n);
        if (lines > bestLines) {
            best = candidate;
            bestLines = lines;
        }
    }
    return best;
}

} // namespace finimport::sdk

#endif // FINIMPORT_DETECT_HPP
