// Storing a backup upload (docs/api.md §7.7 steps 1-3): the engine's own NDJSON, checked line by
// line for shape only; its records are read and checked at publish (RestoreChecks.h).
#include "app/backup/BackupUpload.h"

#include "app/backup/NdjsonLines.h"
#include "app/imports/ImportContent.h"
#include "app/imports/ImportOptions.h"
#include "app/imports/ImportSummary.h"
#include "app/imports/ImportTypes.h"
#include "store/ImportStore.h"

#include <Poco/JSON/Object.h>

#include <sstream>

namespace finimport::app {

namespace {

std::string countsJson(const std::map<std::string, int64_t>& expected) {
    Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [key, type] : serviceRecordKinds())
        obj.set(key, expected.at(key));
    std::ostringstream out;
    obj.stringify(out);
    return out.str();
}

} // namespace

StoredUpload storeBackupUpload(store::Database& db, const CreateImportRequest& req,
                               const std::string& type) {
    if (req.fileFieldWasText)
        return ImportError{ErrorKind::Invalid, "validation_failed", "file must be an uploaded file",
                           std::vector<std::string>{"file must be an uploaded file"}, std::nullopt};
    const ImportTypeTraits traits = traitsOf(type);
    const std::string limitText = contentLimitText(traits.contentLimit());
    std::string content;
    std::optional<std::string> filename, contentType;
    if (req.file) {
        if (static_cast<int64_t>(req.file->data.size()) > traits.contentLimit())
            return ImportError{ErrorKind::Invalid, "file_too_large",
                               "File is too large. Maximum size is " + limitText + ".",
                               std::nullopt, std::nullopt};
        std::string media = req.file->contentType.substr(0, req.file->contentType.find(';'));
        if (!traits.manifest || !traits.manifest->accepts(media, req.file->filename))
            return ImportError{ErrorKind::Invalid, "invalid_file_type",
                               "Invalid file type. Please upload " + traits.fileNoun() + ".",
                               std::nullopt, std::nullopt};
        content = req.file->data;
        filename = req.file->filename;
        contentType = req.file->contentType;
    } else if (auto raw = req.fields.find("raw_file_content");
               raw != req.fields.end() && raw->second.kind != FieldValue::Kind::Null) {
        // A non-string value is read as text and then fails the NDJSON check (docs/api.md §7.2).
        content = raw->second.text;
        if (static_cast<int64_t>(content.size()) > traits.contentLimit())
            return ImportError{ErrorKind::Invalid, "content_too_large",
                               "Content is too large. Maximum size is " + limitText + ".",
                               std::nullopt, std::nullopt};
        if (raw->second.kind == FieldValue::Kind::String &&
            content.find_first_not_of(" \t\r\n") == std::string::npos)
            content.clear();
        if (raw->second.kind == FieldValue::Kind::Array ||
            raw->second.kind == FieldValue::Kind::Object)
            content = "[]";
    }
    if (content.empty() && !req.file)
        return ImportError{ErrorKind::Invalid, "missing_content",
                           "Provide " + traits.fileNoun() + " or raw_file_content.", std::nullopt,
                           std::nullopt};
    NdjsonLineReport report = analyzeNdjson(content);
    // A NUL byte is never NDJSON, and content stored with one came back cut at it on both
    // backends: refused like unreadable content (docs/decisions.md D65).
    if (!report.firstLineOk || content.find('\0') != std::string::npos)
        return ImportError{ErrorKind::Invalid, "invalid_ndjson", "Invalid service NDJSON content.",
                           std::nullopt, std::nullopt};

    store::ImportRecord record;
    if (req.upload) record.id = req.upload->id(); // docs/decisions.md D165
    record.familyId = req.familyId;
    record.type = type;
    std::vector<std::string> ignored;
    CreateImportRequest defaults;
    record.configuration = readImportOptions(defaults, traits, ignored).toJson();
    record.content = content;
    record.contentKind = "text";
    record.filename = filename;
    record.contentType = contentType;
    record.encoding = "UTF-8";
    record.rowsCount = report.typedLines;
    record.expectedRecordCounts = countsJson(report.expected);
    record.readback = "{}";
    ImportSummary summary;
    summary.setCount("valid_rows_count", report.validLines);
    summary.setCount("importable_lines", report.importableLines);
    record.summary = summary.text();
    try {
        db.write([&](store::Tx& s) { store::ImportStore(s).insert(record); });
    } catch (const std::exception&) {
        return ImportError{ErrorKind::Internal, "internal_server_error",
                           "Import could not be created", std::nullopt, std::nullopt};
    }
    return record.id;
}

} // namespace finimport::app
