#include "app/backup/BackupContent.h"

namespace finimport::app {

namespace {

Error invalid(const std::string& code, const std::string& message) {
    return Error{ErrorKind::Invalid, code, message, std::nullopt, std::nullopt};
}

} // namespace

std::variant<BackupContent, Error> readBackupContent(const CreateImportRequest& req,
                                                     const ImportTypeTraits& traits) {
    if (req.fileFieldWasText)
        return Error{ErrorKind::Invalid, "validation_failed", "file must be an uploaded file",
                     std::vector<std::string>{"file must be an uploaded file"}, std::nullopt};
    const std::string limitText = contentLimitText(traits.contentLimit());
    BackupContent content;
    if (req.file) {
        if (static_cast<int64_t>(req.file->data.size()) > traits.contentLimit())
            return invalid("file_too_large",
                           "File is too large. Maximum size is " + limitText + ".");
        std::string media = req.file->contentType.substr(0, req.file->contentType.find(';'));
        if (!traits.manifest || !traits.manifest->accepts(media, req.file->filename))
            return invalid("invalid_file_type",
                           "Invalid file type. Please upload " + traits.fileNoun() + ".");
        content.text = req.file->data;
        content.filename = req.file->filename;
        content.contentType = req.file->contentType;
    } else if (auto raw = req.fields.find("raw_file_content");
               raw != req.fields.end() && raw->second.kind != FieldValue::Kind::Null) {
        // A non-string value is read as text and then fails the NDJSON check (docs/api.md §7.2).
        content.text = raw->second.text;
        if (static_cast<int64_t>(content.text.size()) > traits.contentLimit())
            return invalid("content_too_large",
                           "Content is too large. Maximum size is " + limitText + ".");
        if (raw->second.kind == FieldValue::Kind::String &&
            content.text.find_first_not_of(" \t\r\n") == std::string::npos)
            content.text.clear();
        if (raw->second.kind == FieldValue::Kind::Array ||
            raw->second.kind == FieldValue::Kind::Object)
            content.text = "[]";
    }
    return content;
}

} // namespace finimport::app
