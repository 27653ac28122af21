#include "AutoFormats.h"

#include "finimport/date.hpp"
#include "finimport/detect.hpp"
#include "finimport/text.hpp"

#include <cstring>
#include <span>

namespace finimport::csv {

namespace {

constexpr std::size_t kMaxInput = 32u << 20; // above the host's 10 MB content limit

constexpr finimport::FieldList kMetaFields{"col_sep", "date_format",    "number_format",
                                           "error",   "stated_balance", "stated_balance_date"};
constexpr std::size_t kFormatFields = 4; // without a stated balance the record has only these

} // namespace

bool needsDetection(const Settings& s) {
    return s.autoSeparator || s.autoDateFormat || s.autoNumberFormat;
}

std::string readWholeInput(Records& out) {
    std::string text;
    char buffer[65536];
    for (;;) {
        const std::int64_t n = out.read(buffer, sizeof buffer);
        if (n < 0) throw Fatal("The CSV could not be parsed: the input could not be read");
        if (n == 0) break;
        text.append(buffer, std::size_t(n));
        if (text.size() > kMaxInput)
            throw Fatal("The CSV could not be parsed: the file is too large");
    }
    return text;
}

std::string_view afterLines(std::string_view text, std::uint64_t lines) {
    for (; lines > 0 && !text.empty(); --lines) {
        const std::size_t lf = text.find('\n');
        if (lf == std::string_view::npos) return {};
        text.remove_prefix(lf + 1);
    }
    return text;
}

FormatSamples::FormatSamples() : dates(sdk::rowDateWindow().first, sdk::rowDateWindow().second) {}

void FormatSamples::date(std::string_view cell) {
    anyDate = anyDate || !sdk::isBlank(cell);
    dates.add(cell);
}

std::optional<std::string> decideFormats(Settings& s, const FormatSamples& samples) {
    if (s.autoDateFormat && !samples.anyDate) {
        s.dateFormat = "%m/%d/%Y"; // nothing to decide from: rows say "Date is required"
    } else if (s.autoDateFormat) {
        const auto format = samples.dates.result();
        if (!format) return std::string(kAmbiguousDate);
        s.dateFormat = std::string(*format);
    }
    if (s.autoNumberFormat) {
        const auto format = samples.numbers.result();
        if (!format) return std::string(kAmbiguousNumber);
        s.numberFormat = *format;
    }
    return std::nullopt;
}

bool emitMeta(Records& out, const Settings& s, const std::optional<std::string>& error,
              const std::optional<StatedBalance>& stated) {
    const std::size_t count = stated ? kMetaFields.size() : kFormatFields;
    Row row(count);
    if (s.autoSeparator) row.set(kMetaFields["col_sep"], std::string(1, s.separator));
    if (s.autoDateFormat && !error) row.set(kMetaFields["date_format"], s.dateFormat);
    if (s.autoNumberFormat && !error)
        row.set(kMetaFields["number_format"], std::string(sdk::numberFormatName(s.numberFormat)));
    if (error) row.set(kMetaFields["error"], *error);
    if (stated) {
        row.set(kMetaFields["stated_balance"], stated->balance);
        row.set(kMetaFields["stated_balance_date"], stated->date);
    }
    return out.begin("meta", kMetaFields.names().first(count)) && out.row(row, Location{0, 0});
}

} // namespace finimport::csv
