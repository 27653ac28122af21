#include "app/imports/ImportEvaluation.h"

#include "app/imports/ImportSummary.h"
#include "app/imports/Mappings.h"
#include "app/imports/MessageCap.h"
#include "app/imports/RowValidation.h"
#include "app/rows/RowCodec.h"
#include "domain/Json.h"

#include <algorithm>
#include <map>

namespace finimport::app {

bool isTerminalStatus(const std::string& s) {
    return s == "complete" || s == "failed" || s == "revert_failed";
}

bool isRevertableStatus(const std::string& s) {
    return s == "complete" || s == "revert_failed";
}

namespace {

std::string rowList(const RowList& rows) {
    std::string out;
    for (size_t i = 0; i < rows.first.size() && i < 20; ++i)
        out += (i ? ", " : "") + std::to_string(rows.first[i]);
    if (rows.count > 20) out += ", …";
    return out;
}

// Imports stored before the upload kept its counts: every row validated now.
RowStats scanRows(store::ImportStore& imports, const store::ImportRecord& record,
                  const ImportTypeTraits& traits, domain::Date today) {
    RowStats stats;
    const bool skip = skipsInvalidRows(ImportOptions::fromJson(record.configuration));
    imports.forEachRowBatch(record.id, 1000, [&](std::vector<store::ImportRowRecord>& batch) {
        for (const auto& row : batch) {
            rows::Fields fields = rows::decodeFields(row.fields);
            const bool valid =
                rowErrorsNow(fields, rows::messagesFromJson(row.errors), today).empty();
            countRow(stats, record, traits, fields, {valid, row.excluded, skip}, row.rowNumber);
        }
    });
    return stats;
}

} // namespace

bool skipsInvalidRows(const ImportOptions& options) {
    return options.get("skip_invalid_rows").value_or("") == "true";
}

void countRow(RowStats& stats, const store::ImportRecord& record, const ImportTypeTraits& traits,
              const rows::Fields& fields, RowCounting how, int64_t rowNumber) {
    if (how.excluded) {
        ++stats.excluded;
        return;
    }
    if (how.valid)
        ++stats.valid;
    else
        stats.invalid.add(rowNumber);
    if (!how.published())
        return; // docs/decisions.md D56: a skipped row's account and type do not block
    if (rowIsAccountless(record, traits, fields)) stats.accountless.add(rowNumber);
    if (auto t = unknownAccountType(traits, fields)) stats.addUnknownType(*t, rowNumber);
}

bool rowIsAccountless(const store::ImportRecord& record, const ImportTypeTraits& traits,
                      const rows::Fields& fields) {
    // Rows without an account field (a QIF `!Type:Cat` category, docs/decisions.md D66) book
    // nothing; statement entries (D58) map their statement's account like QIF sections.
    const bool hasAccountField = fields.has("account");
    const bool needsAccount =
        (traits.needsAccount || (fields.get("statement_id") && traits.producesEntries())) &&
        !record.accountId && hasAccountField;
    return needsAccount && fields.view("account").find_first_not_of(" \t") == std::string::npos;
}

std::optional<std::string> unknownAccountType(const ImportTypeTraits& traits,
                                              const rows::Fields& fields) {
    if (!traits.accountTypeMapping) return std::nullopt;
    std::string t = fields.text("entity_type");
    if (accountTypeFor(t)) return std::nullopt;
    return t;
}

ImportView evaluateImport(store::Tx& s, const TypeCatalogue& types,
                          const store::ImportRecord& record, domain::Date today) {
    ImportView v;
    v.record = record;
    v.options = ImportOptions::fromJson(record.configuration);
    const ImportTypeTraits traits = types.traitsOf(record.type);
    v.backup = traits.backup();
    store::ImportStore imports(s);

    v.stats.rowsCount = record.rowsCount;
    v.detail.uploaded = record.contentKind.has_value();
    v.detail.configured = v.detail.uploaded && record.rowsCount > 0;
    v.detail.terminal = isTerminalStatus(record.status);
    v.detail.revertable = isRevertableStatus(record.status);

    const ImportSummary summary = ImportSummary::of(record.summary);
    if (traits.backup()) {
        // No row records: the counts of the stored summary (docs/api.md §10 change 4).
        v.stats.validRowsCount = summary.count("valid_rows_count");
        v.stats.invalidRowsCount = record.rowsCount - v.stats.validRowsCount;
        v.detail.cleaned = v.detail.configured;
        v.detail.publishable = v.detail.cleaned && summary.count("importable_lines") > 0;
        if (!v.detail.publishable)
            v.notPublishableReasons.push_back("No importable records were found.");
        return v;
    }

    std::optional<RowStats> stats = summary.rows();
    if (!stats) stats = scanRows(imports, record, traits, today); // imports stored before v11
    v.stats.validRowsCount = stats->valid;
    v.stats.invalidRowsCount = stats->invalid.count;
    v.stats.excludedRowsCount = stats->excluded;
    const bool skip = skipsInvalidRows(v.options);
    // docs/decisions.md D56: equal to the invalid rows while pending, frozen by the publish that
    // skipped them.
    if (skip) {
        const bool published = record.status != "pending" && record.status != "failed";
        v.stats.skippedRowsCount = published && summary.has("skipped_rows_count")
                                       ? summary.count("skipped_rows_count")
                                       : stats->invalid.count;
    }
    auto mappings = imports.mappings(record.id);
    v.stats.mappingsCount = static_cast<int64_t>(mappings.size());
    for (const auto& m : mappings)
        if (!mappingAssigned(m)) ++v.stats.unassignedMappingsCount;
    v.stats.duplicateRowsCount = summary.count("duplicate_rows_count");

    v.detail.cleaned = v.detail.configured && (stats->invalid.count == 0 || skip);
    // The plugin's own reason first (docs/decisions.md D17 a PDF without a table, D55 an
    // undecidable format).
    if (record.error && record.error->find_first_not_of(" \t\r\n") != std::string::npos &&
        !isTerminalStatus(record.status))
        v.notPublishableReasons.push_back(*record.error);
    if (!v.detail.uploaded)
        v.notPublishableReasons.push_back("No content was uploaded");
    else if (record.rowsCount == 0)
        v.notPublishableReasons.push_back("No data rows were found");
    if (stats->invalid.count > 0 && !skip)
        v.notPublishableReasons.push_back(
            std::to_string(stats->invalid.count) +
            (stats->invalid.count == 1 ? " row is invalid" : " rows are invalid") + " (rows " +
            rowList(stats->invalid) + ")");
    // One reason per distinct unknown value, capped (docs/decisions.md D65): the stats keep the
    // first kListedMessagesMax values and count the rest.
    for (const auto& [value, rows] : stats->unknownTypes)
        v.notPublishableReasons.push_back("Unknown account type \"" + value + "\" (rows " +
                                          rowList(rows) + ")");
    if (stats->unknownTypeValues > static_cast<int64_t>(stats->unknownTypes.size()))
        v.notPublishableReasons.push_back(notListedLine(
            stats->unknownTypeValues - static_cast<int64_t>(stats->unknownTypes.size()),
            "unknown account types"));
    if (stats->accountless.count > 0)
        v.notPublishableReasons.push_back("No account for rows " + rowList(stats->accountless) +
                                          ": send account_id or an account column");
    // docs/decisions.md D6 with D43/D44: rows that are all excluded or skipped leave nothing to
    // publish.
    const bool anyValid = stats->valid > 0;
    if (record.rowsCount > 0 && !anyValid && (stats->invalid.count == 0 || skip))
        v.notPublishableReasons.push_back("No valid rows to publish");
    const bool noUnknownTypes = stats->unknownTypeValues == 0;
    const bool noAccountless = stats->accountless.count == 0;
    v.detail.publishable = v.detail.cleaned && anyValid && v.stats.unassignedMappingsCount == 0 &&
                           noAccountless && noUnknownTypes;
    return v;
}

} // namespace finimport::app
