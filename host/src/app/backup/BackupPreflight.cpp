// Preflight of a backup upload: the NDJSON path (docs/api.md §12.4 "NDJSON path", §7.9 per-line
// checks). Create's content checks come first with create's codes (docs/decisions.md D29);
// cross-line checks (collisions, duplicates, references) belong to the service preflight run at
// publish.
#include "app/backup/BackupPreflight.h"

#include "app/backup/BackupContent.h"
#include "app/backup/NdjsonLines.h"
#include "app/imports/ImportContent.h"
#include "app/imports/ImportTypes.h"
#include "app/imports/MessageCap.h"
#include "domain/Json.h"

#include <set>

namespace finimport::app {

namespace {

std::string trim(std::string_view s) {
    auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

bool blankValue(const json::Value& v) {
    return v.isNull() || (v.isString() && trim(v.text()).empty());
}

Error error(const std::string& code, const std::string& message) {
    return Error{ErrorKind::Invalid, code, message, std::nullopt, std::nullopt};
}

void addError(PreflightReport& report, PreflightProblem problem) {
    pushCapped(report.errors, report.errorsNotListed, std::move(problem));
}

} // namespace

void checkNdjsonLines(std::string_view content, PreflightReport& report) {
    std::map<std::string, int64_t> entity;
    std::map<std::string, std::string> keyOfType;
    for (const auto& [key, type] : serviceRecordKinds())
        keyOfType[type] = key;
    int64_t lineNumber = 0;
    size_t pos = 0;
    while (pos < content.size()) {
        size_t nl = content.find('\n', pos);
        std::string line = trim(
            content.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
        pos = nl == std::string_view::npos ? content.size() : nl + 1;
        ++lineNumber;
        if (line.empty()) continue;
        ++report.rowsCount;
        const std::string prefix = "Line " + std::to_string(lineNumber);
        auto parsed = json::parse(line, 256);
        if (!parsed.value) {
            addError(report, {"invalid_json", prefix + " is not valid JSON: " + parsed.error});
            continue;
        }
        if (!parsed.value->isObject()) {
            addError(report, {"invalid_ndjson_record", prefix + " must be a JSON object."});
            continue;
        }
        const json::Value& obj = *parsed.value;
        if (!obj.find("type") || !obj.find("data") || blankValue(*obj.find("type"))) {
            addError(report, {"invalid_ndjson_record", prefix + " must include type and data."});
            continue;
        }
        std::string type = recordTypeText(*obj.find("type"));
        // Bounded: a file of a million invented types must not grow a million-entry map.
        if (report.recordTypeCounts.size() < 100 || report.recordTypeCounts.count(type))
            ++report.recordTypeCounts[type];
        auto kind = keyOfType.find(type);
        if (kind == keyOfType.end()) {
            addError(report, {"unsupported_record_type",
                              prefix + " has unsupported record type " + type + "."});
            continue;
        }
        ++entity[kind->second];
        const json::Value* data = obj.find("data", json::Value::Kind::Object);
        if (data == nullptr) {
            addError(report, {"invalid_ndjson_record", prefix + " data must be a JSON object."});
            continue;
        }
        const std::string missing = missingServiceFields(type, *data);
        if (!missing.empty()) {
            addError(report,
                     {"missing_required_fields",
                      prefix + " " + type + " is missing required field(s): " + missing + "."});
            continue;
        }
        ++report.validRowsCount;
    }
    if (report.errorsNotListed > 0)
        report.errors.push_back({"more_errors", notListedLine(report.errorsNotListed, "errors")});
    report.invalidRowsCount = report.rowsCount - report.validRowsCount;
    for (const auto& [key, type] : serviceRecordKinds())
        report.entityCounts.emplace_back(key, entity[key]);
}

PreflightResult preflightBackup(const CreateImportRequest& req, const ImportTypeTraits& traits,
                                const ImportSettings& config) {
    auto read = readBackupContent(req, traits);
    if (auto* e = std::get_if<Error>(&read)) return *e;
    const BackupContent& upload = std::get<BackupContent>(read);
    const std::string& content = upload.text;
    PreflightReport report;
    report.type = traits.type;
    report.ndjson = true;
    report.filename = upload.filename.value_or("service-import.ndjson");
    report.contentType = upload.contentType.value_or(kNdjsonMediaType);
    report.byteSize = static_cast<int64_t>(content.size());
    if (content.empty() && !req.file)
        return error("missing_content", "Provide " + traits.fileNoun() + " or raw_file_content.");
    // An empty file part is reported (200, no_data_rows); otherwise create's first-line gate.
    if (!content.empty() && !ndjsonFirstLineOk(content))
        return error("invalid_ndjson", "Invalid service NDJSON content.");

    checkNdjsonLines(content, report);
    bool anyEntity = false;
    for (const auto& [key, n] : report.entityCounts)
        anyEntity = anyEntity || n > 0;
    if (report.rowsCount == 0) addError(report, {"no_data_rows", "No data rows were found."});
    if (report.rowsCount > 0 && !anyEntity)
        report.warnings.push_back("No importable records were found.");
    if (report.rowsCount > rowCapOf(traits, config))
        report.warnings.push_back("Row count exceeds this import type's publish limit.");
    return report;
}

} // namespace finimport::app
