// CategoryImport and MerchantImport: fixed headers by normalised name (docs/imports.md §6.7, §6.8).
#include "AutoFormats.h"
#include "ColumnIndex.h"
#include "CsvTable.h"
#include "FieldValues.h"
#include "Importers.h"
#include "Settings.h"

#include "finimport/detect.hpp"

#include <initializer_list>

namespace finimport::csv {

namespace {

// One output field read from the first present column among `headers` (normalised names).
struct FixedColumn {
    const char* field;
    std::initializer_list<std::string_view> headers;
};

std::optional<std::size_t> columnOf(const ColumnIndex& columns, const FixedColumn& column) {
    for (std::string_view header : column.headers)
        if (auto index = columns.find(header)) return index;
    return std::nullopt;
}

// One record of a fixed layout (of N columns) from its values (`valueOf(i)`: column i's text).
template <std::size_t N, typename ValueOf>
void buildFixed(const FixedColumn (&)[N], ValueOf valueOf, Row& row, RowIssues& issues) {
    for (std::size_t i = 0; i < N; ++i)
        row.set(i, valueOf(i));
    if (row[0]->empty()) issues.required("name", "Name");
}

template <std::size_t N>
fi_run_status runFixed(const Options& options, Records& out, const char* kind,
                       const FixedColumn (&layout)[N], const char* duplicatePrefix) {
    Settings settings = readSettings(options);
    const std::string input = settings.autoSeparator ? readWholeInput(out) : std::string();
    if (settings.autoSeparator) // docs/decisions.md D37
        settings.separator = sdk::detectSeparator(afterLines(input, settings.rowsToSkip));
    CsvTable table(out, settings.separator, settings.rowsToSkip, false);
    if (settings.autoSeparator) table.setInput(input);
    if (!table.readHeader()) return FI_RUN_STOPPED;
    const ColumnIndex columns(table.header());
    if (duplicatePrefix != nullptr)
        if (auto duplicates = columns.duplicates()) throw Fatal(duplicatePrefix + *duplicates);
    std::optional<std::size_t> indexes[N];
    const char* fields[N];
    for (std::size_t i = 0; i < N; ++i) {
        indexes[i] = columnOf(columns, layout[i]);
        fields[i] = layout[i].field;
    }
    if (!indexes[0]) // layout[0] is always the required "name"
        throw Fatal("Missing required columns: name");
    if (!out.begin(kind, fields)) return FI_RUN_STOPPED;
    DataRecord record;
    while (table.next(record)) {
        Row row(N);
        RowIssues issues;
        buildFixed(
            layout,
            [&](std::size_t i) {
                return indexes[i] && *indexes[i] < record.fields.size()
                           ? std::string(record.fields[*indexes[i]])
                           : std::string();
            },
            row, issues);
        const Location where{record.number, record.line};
        if (!out.row(row, where) || !issues.send(out, where)) return FI_RUN_STOPPED;
    }
    if (settings.autoSeparator && !emitMeta(out, settings, std::nullopt)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

// A row check (plugin.h fi_check_row_fn): the stored record through buildFixed.
template <std::size_t N>
fi_run_status checkFixed(std::string_view kind, const Options& fields, Records& out,
                         const char* ownKind, const FixedColumn (&layout)[N]) {
    if (kind != ownKind)
        throw Fatal("unsupported_record",
                    "Records of kind " + std::string(kind) + " cannot be checked by this importer");
    const char* names[N];
    for (std::size_t i = 0; i < N; ++i)
        names[i] = layout[i].field;
    if (!out.begin(ownKind, names)) return FI_RUN_STOPPED;
    Row row(N);
    RowIssues issues;
    buildFixed(
        layout,
        [&](std::size_t i) { return std::string(fields.get(layout[i].field).value_or("")); }, row,
        issues);
    const Location where{1, 0};
    if (!out.row(row, where) || !issues.send(out, where)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

const FixedColumn kCategoryLayout[] = {
    {"name", {"name"}},
    {"category_parent", {"parent_category"}}, // "parent category" normalises to this too
    {"category_color", {"color"}},
    {"category_icon", {"lucide_icon", "icon"}},
};

const FixedColumn kMerchantLayout[] = {
    {"name", {"name"}},
    {"merchant_color", {"color"}},
    {"merchant_website", {"website_url", "website"}},
};

} // namespace

fi_run_status runCategories(const Options& options, Records& out) {
    return runFixed(options, out, "category", kCategoryLayout, nullptr);
}

fi_run_status checkCategory(std::string_view kind, const Options&, const Options& fields,
                            Records& out) {
    return checkFixed(kind, fields, out, "category", kCategoryLayout);
}

fi_run_status checkMerchant(std::string_view kind, const Options&, const Options& fields,
                            Records& out) {
    return checkFixed(kind, fields, out, "merchant", kMerchantLayout);
}

fi_run_status runMerchants(const Options& options, Records& out) {
    return runFixed(options, out, "merchant", kMerchantLayout,
                    "Duplicate column names after normalization: ");
}

} // namespace finimport::csv
