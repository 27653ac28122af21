// GET /api/v1/categories, /merchants, /tags and their {id}s (docs/read-api.md §4, §5, §6).
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/LedgerHandlers.h"
#include "http/handlers/LedgerJson.h"
#include "http/handlers/LedgerParams.h"

namespace finimport::http {

namespace {

// A bare array of every record (merchants and tags are not paginated: docs/read-api.md §1.4).
template <class Read, class Write>
Response bareList(ListCache& cache, const Request& req, const std::string& name, Read read,
                  Write write) {
    std::string key = name;
    appendKeyPart(key, req.principal.familyId);
    return cache.respond(req, key, [&] {
        JsonWriter w;
        w.beginArray();
        for (const auto& record : read(cache.db(), req.principal.familyId))
            write(w, record);
        w.endArray();
        return jsonResponse(200, w.take());
    });
}

template <class Read, class Write>
Response one(store::Database& db, const Request& req, const std::string& notFound, Read read,
             Write write) {
    const std::string& id = req.pathParam("id");
    auto record = isUuid(id) ? read(db, req.principal.familyId, normalizeUuid(id)) : std::nullopt;
    if (!record) return jsonError(404, "not_found", notFound);
    JsonWriter w;
    write(w, *record);
    return jsonResponse(200, w.take());
}

} // namespace

Response listCategories(ListCache& cache, const Request& req) {
    auto filter = familyFilter<store::CategoryListFilter>(req);
    if (auto refusal = readBoolParam(req, "roots_only", filter.rootsOnly)) return *refusal;
    if (auto refusal = readUuidParam(req, "parent_id", filter.parentId)) return *refusal;
    const std::string key =
        listKey("categories", req, {filter.rootsOnly ? "1" : "0", filter.parentId});
    return respondPage(cache, req, key, "categories", filter, store::LedgerReads::categories,
                       writeCategory);
}

Response showCategory(store::Database& db, const Request& req) {
    return one(db, req, "Category not found", store::LedgerReads::category, writeCategory);
}

Response listMerchants(ListCache& cache, const Request& req) {
    return bareList(cache, req, "merchants", store::LedgerReads::merchants, writeMerchant);
}

Response showMerchant(store::Database& db, const Request& req) {
    return one(db, req, "Merchant not found", store::LedgerReads::merchant, writeMerchant);
}

Response listTags(ListCache& cache, const Request& req) {
    return bareList(cache, req, "tags", store::LedgerReads::tags, writeTag);
}

Response showTag(store::Database& db, const Request& req) {
    return one(db, req, "Tag not found", store::LedgerReads::tag, writeTag);
}

} // namespace finimport::http
