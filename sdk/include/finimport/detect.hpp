// `number_format=auto`: the format is decided from every value of the column, never
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

// `number_format=auto`, fed one value at a time (constant memory): the format under
// which every non-blank value parses. When several fit, they must read every value as the
// same number (e.g. only "12" and "-3"): then the first of `1,234.56`, `1.234,56`, `1 234,56`.
// nullopt when none fits or the fitting formats disagree ("1,234" is 1234 or 1.234).
class NumberFormatDecider {
public:
    void add(std::string_view value) {
        std::optional<std::int64_t> read[3];
        for (std::size_t i = 0; i < 3; ++i) {
            if (!fits_[i]) continue;
            const auto r = parseDecimal(value, kCandidates[i]);
            if (r.value)
                read[i] = r.value->scaled;
            else if (r.error != DecimalError::Blank)
                fits_[i] = false;
        }
        for (std::size_t i = 0; i < 3; ++i)
            for (std::size_t j = i + 1; j < 3; ++j)
                if (fits_[i] && fits_[j] && read[i] && read[j] && *read[i] != *read[j])
                    disagree_[i][j] = true;
    }

    std::optional<NumberFormat> result() const {
        std::optional<std::size_t> first;
        for (std::size_t i = 0; i < 3; ++i) {
            if (!fits_[i]) continue;
            if (!first)
                first = i;
            else if (disagree_[*first][i])
                return std::nullopt;
        }
        if (!first) return std::nullopt;
        return kCandidates[*first];
    }

private:
    static constexpr NumberFormat kCandidates[3] = {NumberFormat::CommaDot, NumberFormat::DotComma,
                                                    NumberFormat::SpaceComma};
    bool fits_[3] = {true, true, true};
    bool disagree_[3][3] = {};
};

inline std::optional<NumberFormat> detectNumberFormat(const std::vector<std::string_view>& values) {
    NumberFormatDecider decider;
    for (std::string_view v : values)
        decider.add(v);
    return decider.result();
}

// How much of the input `col_sep=auto` looks at: the first 64 KiB after `rows_to_skip`.
inline constexpr std::size_t kSeparatorSampleBytes = 64 * 1024;

// `col_sep=auto` over a sample that starts after `rows_to_skip`: for each candidate
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
