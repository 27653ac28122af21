#include "http/handlers/ExportsHandler.h"

#include "app/backup/NdjsonExporter.h"
#include "app/backup/NdjsonLines.h"
#include "http/Errors.h"
#include "store/BackupExportQueries.h"

namespace finimport::http {

Response exportNdjson(store::Database& db, Request& request) {
    // Errors are decided before the first line: once streaming starts the status is sent.
    std::string familyId = request.principal.familyId;
    bool found = false;
    try {
        db.read([&](store::Tx& s) { found = store::familyExists(s, familyId); });
    } catch (const std::exception&) {
        return internalError();
    }
    if (!found) return jsonError(404, "not_found", "Family not found");
    Response r;
    r.contentType = app::kNdjsonMediaType;
    r.header("Content-Disposition", "attachment; filename=\"export.ndjson\"");
    r.stream = [&db, familyId](std::ostream& out) {
        db.read([&](store::Tx& s) { app::exportFamilyNdjson(s, familyId, out); });
    };
    return r;
}

} // namespace finimport::http
