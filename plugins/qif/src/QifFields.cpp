#include "QifFields.h"

#include "QifRows.h"

#include "finimport/detect.hpp"
#include "finimport/text.hpp"

namespace finimport::qif {

std::string joinTags(const std::vector<std::string>& tags) {
    std::string out;
    for (const std::string& tag : tags) {
        if (!out.empty()) out.push_back('|');
        for (char c : tag) {
            if (c == ',' || c == '|' || c == '\\') out.push_back('\\');
            out.push_back(c);
        }
    }
    return out;
}

CategoryField parseCategory(std::string_view raw) {
    CategoryField f;
    std::string_view value = sdk::trim(raw);
    if (value.empty() || sdk::equalsIgnoreCase(value, "--Split--")) return f;
    if (value.front() == '[') {
        const std::size_t close = value.find(']');
        f.transfer = std::string(sdk::trim(
            value.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1)));
        return f;
    }
    const std::size_t slash = value.find('/');
    f.category = std::string(sdk::trim(value.substr(0, slash)));
    if (slash == std::string_view::npos) return f;
    std::vector<std::string> tags;
    std::string_view rest = value.substr(slash + 1);
    while (true) {
        const std::size_t colon = rest.find(':');
        std::string_view tag = sdk::trim(rest.substr(0, colon));
        if (!tag.empty()) tags.emplace_back(tag);
        if (colon == std::string_view::npos) break;
        rest = rest.substr(colon + 1);
    }
    f.tags = joinTags(tags);
    return f;
}

std::optional<std::int64_t> percentOf(std::int64_t value, std::int64_t percent) {
    const __int128 product = __int128(value) * __int128(percent);
    const __int128 divisor = __int128(100) * sdk::kDecimalScale;
    __int128 q = product / divisor, rem = product % divisor;
    if (rem * 2 >= divisor)
        ++q;
    else if (rem * 2 <= -divisor)
        --q;
    if (q > INT64_MAX || q < INT64_MIN) return std::nullopt;
    return std::int64_t(q);
}

std::string defaultAccountName(const Section& section) {
    auto is = [&](std::string_view n) { return sdk::equalsIgnoreCase(section.typeName, n); };
    if (is("CCard")) return "QIF Credit Card";
    if (is("Cash")) return "QIF Cash";
    if (is("Invst")) return "QIF Investments";
    if (is("Oth A")) return "QIF Other Asset";
    if (is("Oth L")) return "QIF Other Liability";
    return "QIF Bank Account";
}

namespace {

std::vector<std::string> dateSamples(const QifFile& file, const QifSettings& settings) {
    std::vector<std::string> samples;
    for (const Section& s : file.sections) {
        if (s.kind != SectionKind::Bank && s.kind != SectionKind::Investment) continue;
        for (const Record& r : s.records)
            if (auto d = r.get('D')) samples.push_back(normalizeQifDate(*d, settings.currentYear));
    }
    return samples;
}

} // namespace

std::optional<std::string> decideDateFormat(const QifFile& file, const QifSettings& settings) {
    const auto [lowest, highest] = sdk::rowDateWindow();
    if (auto f = sdk::decideDateFormat(dateSamples(file, settings), lowest, highest))
        return std::string(*f);
    return std::nullopt;
}

std::optional<sdk::NumberFormat> decideNumberFormat(const QifFile& file) {
    std::vector<std::string_view> values;
    for (const Section& s : file.sections) {
        if (s.kind != SectionKind::Bank && s.kind != SectionKind::Investment) continue;
        for (const Record& r : s.records) {
            for (const auto& [code, value] : r.fields)
                if (code == 'T' || code == 'U' || code == 'Q' || code == 'I' || code == 'O')
                    values.push_back(value);
            for (const Split& sp : r.splits)
                if (sp.hasAmount) values.push_back(sp.amount);
        }
    }
    return sdk::detectNumberFormat(values);
}

std::string chooseDateFormat(const QifFile& file, const QifSettings& settings) {
    if (!settings.dateFormat.empty()) return settings.dateFormat;
    const std::vector<std::string> samples = dateSamples(file, settings);
    if (auto detected = sdk::detectDateFormat(samples, settings.today))
        return std::string(*detected);
    return "%m/%d/%Y";
}

} // namespace finimport::qif
