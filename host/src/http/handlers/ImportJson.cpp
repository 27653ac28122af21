#include "http/handlers/ImportJson.h"

#include "app/imports/ImportProgress.h"
#include "app/imports/UploadTicket.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/handlers/JsonFields.h"

namespace finimport::http {

namespace {

void writeCommonHead(JsonWriter& w, const store::ImportRecord& r) {
    w.key("id").string(r.id);
    w.key("type").string(r.type);
    w.key("status").string(r.status);
    writeTimestampsMillis(w, r.createdAt, r.updatedAt);
    writeOptionalString(w, "account_id", r.accountId);
}

void writeError(JsonWriter& w, const store::ImportRecord& r) {
    if (r.error && r.error->find_first_not_of(" \t\r\n") != std::string::npos)
        w.key("error").string(*r.error);
}

// docs/decisions.md D101: only while a job runs (status importing or reverting). A job queued or
// running on another instance shows its phase with rows_done 0.
void writeProgress(JsonWriter& w, const store::ImportRecord& r) {
    // docs/decisions.md D165: an upload still being received (bytes) or parsed (rows).
    if (r.status == "uploading") {
        auto up = app::uploadInProgress(r.familyId, r.id);
        w.key("progress").beginObject();
        w.key("phase").string(up ? up->phase : "receiving");
        w.key("rows_done").integer(up ? up->rowsDone : 0);
        w.key("bytes_done").integer(up ? static_cast<int64_t>(up->bytesDone) : 0);
        if (up && up->bytesTotal)
            w.key("bytes_total").integer(static_cast<int64_t>(*up->bytesTotal));
        w.endObject();
        return;
    }
    if (r.status != "importing" && r.status != "reverting") return;
    auto p = app::importProgress(r.id);
    w.key("progress").beginObject();
    w.key("phase").string(p ? p->phase : r.status == "importing" ? "publishing" : "reverting");
    w.key("rows_done").integer(p ? p->rowsDone : 0);
    if (p && p->rowsTotal) w.key("rows_total").integer(*p->rowsTotal);
    w.endObject();
}

} // namespace

void writeImportDetail(JsonWriter& w, const app::ImportView& v) {
    const auto& r = v.record;
    w.beginObject();
    writeCommonHead(w, r);
    writeError(w, r);
    w.key("status_detail").beginObject();
    w.key("uploaded").boolean(v.detail.uploaded);
    w.key("configured").boolean(v.detail.configured);
    w.key("terminal").boolean(v.detail.terminal);
    w.key("cleaned").boolean(v.detail.cleaned);
    w.key("publishable").boolean(v.detail.publishable);
    w.key("revertable").boolean(v.detail.revertable);
    w.endObject();
    w.key("configuration").beginObject();
    // docs/decisions.md D57: the effective value of every option of the type (its manifest's
    // options, the host's encoding, the type's fixed options), as stored with the import.
    for (const auto& [name, value] : v.options.values)
        writeOptionalString(w, name, value);
    w.endObject();
    w.key("stats").beginObject();
    w.key("rows_count").integer(v.stats.rowsCount);
    w.key("valid_rows_count").integer(v.stats.validRowsCount);
    w.key("invalid_rows_count").integer(v.stats.invalidRowsCount);
    w.key("mappings_count").integer(v.stats.mappingsCount);
    w.key("unassigned_mappings_count").integer(v.stats.unassignedMappingsCount);
    w.key("duplicate_rows_count").integer(v.stats.duplicateRowsCount);
    w.key("excluded_rows_count").integer(v.stats.excludedRowsCount); // docs/decisions.md D44
    w.key("skipped_rows_count").integer(v.stats.skippedRowsCount);   // docs/decisions.md D43
    w.endObject();
    // D45/D57: always present; stored at upload as a JSON array of strings.
    w.key("warnings").raw(r.warnings && !r.warnings->empty() ? *r.warnings : "[]");
    // docs/decisions.md D6, D95: why publish would be refused now, the lines its 422 would list
    // (empty when publishable).
    w.key("not_publishable_reasons").beginArray();
    for (const auto& reason : v.notPublishableReasons)
        w.string(reason);
    w.endArray();
    writeProgress(w, r);
    if (v.backup) {
        w.key("verification").beginObject();
        w.key("expected_record_counts").raw(r.expectedRecordCounts.value_or("{}"));
        w.key("readback").raw(r.readback && !r.readback->empty() ? *r.readback : "{}");
        w.endObject();
    }
    w.endObject();
}

void writeImportSummary(JsonWriter& w, const app::ImportView& v) {
    const auto& r = v.record;
    w.beginObject();
    writeCommonHead(w, r);
    w.key("rows_count").integer(r.rowsCount);
    writeError(w, r);
    w.key("status_detail").beginObject();
    w.key("uploaded").boolean(v.detail.uploaded);
    w.key("configured").boolean(v.detail.configured);
    w.key("terminal").boolean(v.detail.terminal);
    w.endObject();
    w.endObject();
}

Response importDetailResponse(int status, const app::ImportView& view) {
    return jsonResponse(status, dataJson(view, writeImportDetail));
}

} // namespace finimport::http
