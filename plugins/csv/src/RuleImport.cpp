// RuleImport (docs/imports.md §6.9): exact headers or positions for the scalar fields, and the
// conditions/actions JSON columns repaired when their quotes were not escaped
// (fixtures csv/rules_unescaped_quotes.csv). JSON decoding is the host's job.
#include "AutoFormats.h"
#include "CsvTable.h"
#include "FieldValues.h"
#include "Importers.h"
#include "RecordFields.h"
#include "Settings.h"

#include "finimport/date.hpp"
#include "finimport/detect.hpp"
#include "finimport/text.hpp"

namespace finimport::csv {

namespace {

constexpr std::string_view kScalarHeaders[] = {"name", "resource_type", "active", "effective_date"};

std::string_view stripQuotes(std::string_view s) {
    s = sdk::trim(s);
    while (!s.empty() && s.front() == '"')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == '"')
        s.remove_suffix(1);
    return sdk::trim(s);
}

// Position of the `]"<spaces>,<spaces>"[` boundary between the two JSON arrays: returns the
// index of `]` and sets `next` to the index of `[`; npos when there is none.
std::size_t findBoundary(std::string_view text, char separator, std::size_t& next) {
    for (std::size_t i = text.find("]\""); i != std::string_view::npos;
         i = text.find("]\"", i + 1)) {
        std::size_t j = i + 2;
        while (j < text.size() && text[j] == ' ')
            ++j;
        if (j >= text.size() || text[j] != separator) continue;
        ++j;
        while (j < text.size() && text[j] == ' ')
            ++j;
        if (j + 1 < text.size() && text[j] == '"' && text[j + 1] == '[') {
            next = j + 1;
            return i;
        }
    }
    return std::string_view::npos;
}

void splitJsonColumns(const DataRecord& record, char separator, std::string& conditions,
                      std::string& actions) {
    std::string joined;
    for (std::size_t i = 4; i < record.fields.size(); ++i) {
        if (i > 4) joined.push_back(separator);
        joined.append(record.fields[i]);
    }
    std::size_t next = 0;
    const std::size_t end = findBoundary(joined, separator, next);
    if (end != std::string_view::npos) {
        conditions = stripQuotes(std::string_view(joined).substr(0, end + 1));
        actions = stripQuotes(std::string_view(joined).substr(next));
        return;
    }
    conditions = record.fields.size() > 4 ? stripQuotes(record.fields[4]) : "";
    actions = record.fields.size() > 5 ? stripQuotes(record.fields[5]) : "";
}

bool isTrue(std::string_view value) {
    using sdk::equalsIgnoreCase;
    return equalsIgnoreCase(value, "true") || value == "1" || equalsIgnoreCase(value, "yes") ||
           equalsIgnoreCase(value, "y");
}

} // namespace

fi_run_status runRules(const Options& options, Records& out) {
    Settings settings = readSettings(options);
    const std::string input = settings.autoSeparator ? readWholeInput(out) : std::string();
    if (settings.autoSeparator)
        settings.separator = sdk::detectSeparator(input); // docs/decisions.md D37
    CsvTable table(out, settings.separator, 0, false);    // RuleImport ignores rows_to_skip
    if (settings.autoSeparator) table.setInput(input);
    if (!table.readHeader()) return FI_RUN_STOPPED;
    std::size_t positions[4] = {0, 1, 2, 3};
    for (std::size_t f = 0; f < 4; ++f)
        for (std::size_t i = 0; i < table.header().size(); ++i)
            if (sdk::trim(table.header()[i]) == kScalarHeaders[f]) {
                positions[f] = i;
                break;
            }
    if (!out.begin("rule", kRule)) return FI_RUN_STOPPED;
    DataRecord record;
    while (table.next(record)) {
        auto cell = [&](std::size_t f) -> std::string {
            return positions[f] < record.fields.size() ? std::string(record.fields[positions[f]])
                                                       : std::string();
        };
        Row row(kRule.size());
        RowIssues issues;
        row.set(kRule["name"], cell(kRule["name"]));
        row.set(kRule["resource_type"], cell(kRule["resource_type"]));
        if (row[kRule["resource_type"]]->empty()) issues.required("resource_type", "Resource type");
        row.set(kRule["active"], isTrue(cell(kRule["active"])) ? "true" : "false");
        // Lenient like the reference: an unreadable effective date is simply absent.
        const std::string date = cell(kRule["effective_date"]);
        auto parsed = sdk::parseDate(date, "%Y-%m-%d");
        if (!parsed) parsed = sdk::parseDate(date, settings.dateFormat);
        if (parsed) row.set(kRule["effective_date"], sdk::formatIsoDate(*parsed));
        std::string conditions, actions;
        splitJsonColumns(record, settings.separator, conditions, actions);
        if (conditions.empty()) issues.required("conditions", "Conditions");
        if (actions.empty()) issues.required("actions", "Actions");
        row.set(kRule["conditions"], conditions);
        row.set(kRule["actions"], actions);
        const Location where{record.number, record.line};
        if (!out.row(row, where) || !issues.send(out, where)) return FI_RUN_STOPPED;
    }
    if (settings.autoSeparator && !emitMeta(out, settings, std::nullopt)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

} // namespace finimport::csv
