#include "app/ImportEvaluation.h"

#include "app/Mappings.h"
#include "app/MessageCap.h"
#include "app/RowValidation.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <map>

namespace finimport::app {

bool isTerminalStatus(const std::string& s) {
    return s == "complete" || s == "failed" || s == "revert_failed";
}

bool isRevertableStatus(const std::string& s) {
    return s == "complete" || s == "revert_failed";
}

namespace {

std::string rowList(const std::vector<int64_t>& rows) {
    std::string out;
    for (size_t i = 0; i < rows.size() && i < 20; ++i)
        out += (i ? ", " : "") + std::to_string(rows[i]);
    if (rows.size() > 20) out += ", …";
    return out;
}

int64_t summaryCount(const std::optional<std::string>& summary, const std::string& key) {
    if (!summary || summary->empty()) return 0;
    try {
        Poco::JSON::Parser parser;
        auto obj = parser.parse(*summary).extract<Poco::JSON::Object::Ptr>();
        return obj->optValue<Poco::Int64>(key, 0);
    } catch (const std::exception&) {
        return 0;
    }
}

} // namespace

ImportView evaluateImport(Poco::Data::Session& s, const store::ImportRecord& record,
                          domain::Date today) {
    ImportView v;
    v.record = record;
    v.options = ImportOptions::fromJson(record.configuration);
    const ImportTypeTraits traits = traitsOf(record.type);
    store::ImportStore imports(s);

    v.stats.rowsCount = record.rowsCount;
    v.detail.uploaded = record.contentKind.has_value();
    v.detail.configured = v.detail.uploaded && record.rowsCount > 0;
    v.detail.terminal = isTerminalStatus(record.status);
    v.detail.revertable = isRevertableStatus(record.status);

    if (traits.family == ContentFamily::Ndjson) {
        // No row records: the counts of the stored summary (API.md §10 change 4).
        v.stats.validRowsCount = summaryCount(record.summary, "valid_rows_count");
        v.stats.invalidRowsCount = record.rowsCount - v.stats.validRowsCount;
        v.detail.cleaned = v.detail.configured;
        v.detail.publishable =
            v.detail.cleaned && summaryCount(record.summary, "importable_lines") > 0;
        if (!v.detail.publishable)
            v.notPublishableReasons.push_back("No importable records were found.");
        return v;
    }

    std::vector<int64_t> invalidRows, accountlessRows;
    std::map<std::string, std::vector<int64_t>> unknownTypes;
    const bool needsAccount =
        traits.accountMapping && producesEntries(record.type) && !record.accountId;
    for (const auto& row : imports.rows(record.id)) {
        RowFields fields = rowFieldsFromJson(row.fields);
        if (rowErrorsNow(fields, rowMessagesFromJson(row.errors), today).empty())
            ++v.stats.validRowsCount;
        else
            invalidRows.push_back(row.rowNumber);
        if (needsAccount &&
            fieldText(fields, "account").find_first_not_of(" \t") == std::string::npos)
            accountlessRows.push_back(row.rowNumber);
        if (traits.accountTypeMapping) {
            std::string t = fieldText(fields, "entity_type");
            if (!accountTypeFor(t)) unknownTypes[t].push_back(row.rowNumber);
        }
    }
    v.stats.invalidRowsCount = static_cast<int64_t>(invalidRows.size());
    auto mappings = imports.mappings(record.id);
    v.stats.mappingsCount = static_cast<int64_t>(mappings.size());
    for (const auto& m : mappings)
        if (!mappingAssigned(m)) ++v.stats.unassignedMappingsCount;
    v.stats.duplicateRowsCount = summaryCount(record.summary, "duplicate_rows_count");

    v.detail.cleaned = v.detail.configured && invalidRows.empty();
    if (!v.detail.uploaded)
        v.notPublishableReasons.push_back("No content was uploaded");
    else if (record.rowsCount == 0)
        v.notPublishableReasons.push_back("No data rows were found");
    if (!invalidRows.empty())
        v.notPublishableReasons.push_back(
            std::to_string(invalidRows.size()) +
            (invalidRows.size() == 1 ? " row is invalid" : " rows are invalid") + " (rows " +
            rowList(invalidRows) + ")");
    // One reason per distinct unknown value, capped (D65): a file of 100k distinct values
    // must not make every GET of the import list 100k reasons.
    int64_t unlisted = 0;
    for (const auto& [value, rows] : unknownTypes)
        pushCapped(v.notPublishableReasons, unlisted,
                   "Unknown account type \"" + value + "\" (rows " + rowList(rows) + ")");
    if (unlisted > 0)
        v.notPublishableReasons.push_back(notListedLine(unlisted, "unknown account types"));
    if (!accountlessRows.empty())
        v.notPublishableReasons.push_back("No account for rows " + rowList(accountlessRows) +
                                          ": send account_id or an account column");
    v.detail.publishable = v.detail.cleaned && v.stats.unassignedMappingsCount == 0 &&
                           accountlessRows.empty() && unknownTypes.empty();
    return v;
}

} // namespace finimport::app
