// GET /api/v1/imports/{id}/rows (docs/api.md §12.3, docs/decisions.md D15): rows with their errors
// evaluated now, the 17 visible fields and their mappings.
#include "app/imports/ImportTypes.h"
#include "app/imports/Mappings.h"
#include "app/imports/RowStats.h"
#include "domain/Uuid.h"
#include "http/Errors.h"
#include "http/Pagination.h"
#include "http/handlers/ImportRowJson.h"
#include "http/handlers/ImportsHandler.h"
#include "http/handlers/JsonFields.h"
#include "store/ImportRowQueries.h"
#include "store/ImportStore.h"

namespace finimport::http {

Response ImportsHandler::rows(Request& req) {
    auto id = domain::canonicalUuid(req.pathParam("id"));
    std::optional<store::ImportRecord> record;
    if (id)
        _db.read([&](store::Tx& s) {
            record = store::ImportStore(s).byId(req.principal.familyId, *id);
        });
    if (!record) return jsonError(404, "not_found", "Import not found");
    const bool onlyInvalid = req.query.get("invalid").value_or("") == "true";
    const domain::Date today = domain::Date::today();
    JsonWriter w;
    _db.read([&](store::Tx& s) {
        store::ImportStore imports(s);
        auto mappings = imports.mappings(record->id);
        // The total comes from the counts stored at upload; only the page's rows are read.
        int64_t total = record->rowsCount;
        if (onlyInvalid) {
            auto stats = app::RowStats::fromSummary(record->summary);
            total = stats ? stats->invalid.count : store::invalidRowCount(s, record->id);
        }
        Pagination p = paginate(req.query.get("page"), req.query.get("per_page"), total);
        w.beginObject().key("data").beginArray();
        store::RowPageQuery query;
        query.onlyInvalid = onlyInvalid;
        query.newestFirst = app::traitsOf(record->type).details.rowsNewestFirst;
        query.limit = p.perPage;
        query.offset = p.offset;
        for (const auto& row : imports.rowsPage(record->id, query))
            writeImportRow(w, s, *record, mappings, row, today);
        w.endArray();
        writeListMeta(w, p);
        w.endObject();
    });
    return jsonResponse(200, w.take());
}

} // namespace finimport::http
