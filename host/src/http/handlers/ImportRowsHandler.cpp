// GET /api/v1/imports/{id}/rows (docs/api.md §12.3, docs/decisions.md D15): rows with their errors
// evaluated now, the 17 visible fields and their mappings.
#include "app/imports/ImportReads.h"
#include "http/Errors.h"
#include "http/Pagination.h"
#include "http/handlers/ImportRowJson.h"
#include "http/handlers/ImportsHandler.h"
#include "http/handlers/JsonFields.h"

namespace finimport::http {

Response ImportsHandler::rows(Request& req) {
    const bool onlyInvalid = req.query.get("invalid").value_or("") == "true";
    Pagination p;
    auto rows = app::listImportRows(
        _db, _service.types(), req.principal.familyId, req.pathParam("id"), onlyInvalid,
        domain::Date::today(), [&](int64_t total) {
            p = paginate(req.query.get("page"), req.query.get("per_page"), total);
            return app::PageSpan{p.perPage, p.offset};
        });
    if (!rows) return jsonError(404, "not_found", "Import not found");
    return jsonResponse(200, listPageJson(*rows, p, writeImportRow));
}

} // namespace finimport::http
