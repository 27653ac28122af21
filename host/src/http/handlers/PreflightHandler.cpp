#include "http/handlers/PreflightHandler.h"

#include "http/Errors.h"
#include "http/JsonWriter.h"
#include "http/handlers/ImportJson.h"
#include "http/handlers/ImportsHandler.h"

namespace finimport::http {

namespace {

void writeStrings(JsonWriter& w, const char* name, const std::vector<std::string>& values) {
    w.key(name).beginArray();
    for (const auto& v : values)
        w.string(v);
    w.endArray();
}

void writeOptional(JsonWriter& w, const std::optional<std::string>& value) {
    if (value)
        w.string(*value);
    else
        w.null();
}

// docs/decisions.md D156: the sniffed formats and the suggested column of each field.
void writeColumns(JsonWriter& w, const app::ColumnReading& c) {
    // Keyed by the options they are for (the manifest's "sniffs" roles).
    const app::SniffedFormats& f = c.sniffed;
    w.key("sniffed").beginObject();
    if (!f.separatorOption.empty()) w.key(f.separatorOption).string(f.colSep);
    if (!f.rowsToSkipOption.empty()) w.key(f.rowsToSkipOption).integer(f.rowsToSkip);
    if (!f.hasHeaderOption.empty()) w.key(f.hasHeaderOption).boolean(f.hasHeader);
    if (!f.dateFormatOption.empty()) {
        w.key(f.dateFormatOption);
        writeOptional(w, f.dateFormat);
    }
    if (!f.numberFormatOption.empty()) {
        w.key(f.numberFormatOption);
        writeOptional(w, f.numberFormat);
    }
    w.endObject();
    w.key("suggestions").beginArray();
    for (const auto& s : c.suggestions) {
        w.beginObject();
        w.key("field").string(s.field);
        w.key("option").string(s.option);
        w.key("required").boolean(s.required);
        w.key("label");
        writeOptional(w, s.label);
        w.key("reason").string(s.reason);
        writeStrings(w, "candidates", s.candidates);
        w.endObject();
    }
    w.endArray();
}

void writeReport(JsonWriter& w, const app::PreflightReport& r) {
    w.beginObject().key("data").beginObject();
    w.key("type").string(r.type);
    w.key("valid").boolean(r.valid());
    w.key("content").beginObject();
    w.key("filename").string(r.filename);
    w.key("content_type").string(r.contentType);
    w.key("byte_size").integer(r.byteSize);
    w.endObject();
    w.key("stats").beginObject();
    w.key("rows_count").integer(r.rowsCount);
    if (r.ndjson) {
        w.key("valid_rows_count").integer(r.validRowsCount);
        w.key("invalid_rows_count").integer(r.invalidRowsCount);
        w.key("entity_counts").beginObject();
        for (const auto& [key, n] : r.entityCounts)
            w.key(key).integer(n);
        w.endObject();
        w.key("record_type_counts").beginObject();
        for (const auto& [type, n] : r.recordTypeCounts)
            w.key(type).integer(n);
        w.endObject();
    }
    w.endObject();
    if (!r.ndjson) {
        writeStrings(w, "headers", r.headers);
        writeStrings(w, "required_headers", r.requiredHeaders);
        writeStrings(w, "missing_required_headers", r.missingRequiredHeaders);
        // docs/decisions.md D95: the rows create would store, checked (the first 1,000).
        w.key("row_checks").beginObject();
        w.key("rows_checked").integer(r.rowsChecked);
        w.key("invalid_rows_count").integer(r.invalidRowsChecked);
        w.key("row_errors").beginArray();
        for (const auto& e : r.rowErrors) {
            w.beginObject();
            w.key("row").integer(e.row);
            w.key("line").integer(e.line);
            w.key("field");
            if (e.field)
                w.string(*e.field);
            else
                w.null();
            w.key("message").string(e.message);
            w.endObject();
        }
        w.endArray();
        w.endObject();
        if (r.columns.applies) writeColumns(w, r.columns);
    }
    w.key("errors").beginArray();
    for (const auto& e : r.errors) {
        w.beginObject();
        w.key("code").string(e.code);
        w.key("message").string(e.message);
        w.endObject();
    }
    w.endArray();
    writeStrings(w, "warnings", r.warnings);
    w.endObject().endObject();
}

} // namespace

Response preflightImport(app::ImportService& imports, Request& req) {
    // The content is moved out of the request, not copied (docs/decisions.md D82: preflight
    // holds a file once, as an upload does).
    auto result = imports.preflight(toCreateRequest(req));
    if (const auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    JsonWriter w;
    writeReport(w, std::get<app::PreflightReport>(result));
    return jsonResponse(200, w.take());
}

} // namespace finimport::http
