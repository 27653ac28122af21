// Storing a backup upload (docs/api.md §7.7 steps 1-3): the engine's own NDJSON, checked line by
// line for shape only; its records are read and checked at publish (RestoreChecks.h).
#include "app/backup/BackupUpload.h"

#include "app/backup/BackupContent.h"
#include "app/backup/NdjsonLines.h"
#include "app/backup/RecordCounts.h"
#include "app/imports/ImportContent.h"
#include "app/imports/ImportOptions.h"
#include "app/imports/ImportSummary.h"
#include "store/ImportStore.h"

namespace finimport::app {

StoredUpload storeBackupUpload(store::Database& db, const CreateImportRequest& req,
                               const ImportTypeTraits& traits) {
    auto read = readBackupContent(req, traits);
    if (auto* e = std::get_if<Error>(&read)) return *e;
    const BackupContent& upload = std::get<BackupContent>(read);
    const std::string& content = upload.text;
    if (content.empty() && !req.file)
        return Error{ErrorKind::Invalid, "missing_content",
                     "Provide " + traits.fileNoun() + " or raw_file_content.", std::nullopt,
                     std::nullopt};
    NdjsonLineReport report = analyzeNdjson(content);
    // A NUL byte is never NDJSON, and content stored with one came back cut at it on both
    // backends: refused like unreadable content (docs/decisions.md D65).
    if (!report.firstLineOk || content.find('\0') != std::string::npos)
        return Error{ErrorKind::Invalid, "invalid_ndjson", "Invalid service NDJSON content.",
                     std::nullopt, std::nullopt};

    store::ImportRecord record;
    if (req.upload) record.id = req.upload->id(); // docs/decisions.md D165
    record.familyId = req.familyId;
    record.type = traits.type;
    std::vector<std::string> ignored;
    CreateImportRequest defaults;
    record.configuration = readImportOptions(defaults, traits, ignored).toJson();
    record.content = content;
    record.contentKind = "text";
    record.filename = upload.filename;
    record.contentType = upload.contentType;
    record.encoding = "UTF-8";
    record.rowsCount = report.typedLines;
    record.expectedRecordCounts = backup::countsJson(report.expected);
    record.readback = "{}";
    ImportSummary summary;
    summary.setCount("valid_rows_count", report.validLines);
    summary.setCount("importable_lines", report.importableLines);
    record.summary = summary.text();
    try {
        db.write([&](store::Tx& s) { store::ImportStore(s).insert(record); });
    } catch (const std::exception&) {
        return Error{ErrorKind::Internal, "internal_server_error", "Import could not be created",
                     std::nullopt, std::nullopt};
    }
    return record.id;
}

} // namespace finimport::app
