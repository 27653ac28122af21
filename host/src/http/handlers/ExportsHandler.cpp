#include "http/handlers/ExportsHandler.h"

#include "app/export/NdjsonExporter.h"
#include "http/Errors.h"
#include "store/Sql.h"

namespace finimport::http {

Response exportNdjson(store::Database& db, Request& request) {
    // Errors are decided before the first line: once streaming starts the status is sent.
    std::string familyId = request.principal.familyId;
    bool found = false;
    try {
        db.read([&](Poco::Data::Session& s) {
            found =
                store::sqlCount(s, "SELECT COUNT(*) FROM families WHERE id = ?", {familyId}) > 0;
        });
    } catch (const std::exception&) {
        return internalError();
    }
    if (!found) return jsonError(404, "not_found", "Family not found");
    Response r;
    r.contentType = "application/x-ndjson";
    r.header("Content-Disposition", "attachment; filename=\"export.ndjson\"");
    r.stream = [&db, familyId](std::ostream& out) {
        db.read([&](Poco::Data::Session& s) { app::exportFamilyNdjson(s, familyId, out); });
    };
    return r;
}

} // namespace finimport::http
