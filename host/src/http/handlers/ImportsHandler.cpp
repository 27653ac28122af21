#include "http/handlers/ImportsHandler.h"

#include "app/imports/ImportTypes.h"

#include "app/imports/ImportTemplate.h"
#include "domain/Uuid.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/ImportJson.h"
#include "http/handlers/JsonFields.h"
#include "store/ImportStore.h"

namespace finimport::http {

namespace {

app::FieldValue toField(const ParamValue& v) {
    using K = ParamValue::Kind;
    app::FieldValue f;
    switch (v.kind()) {
    case K::Null:
        f.kind = app::FieldValue::Kind::Null;
        break;
    case K::String:
        f.kind = app::FieldValue::Kind::String;
        break;
    case K::Number:
        f.kind = app::FieldValue::Kind::Number;
        break;
    case K::Bool:
        f.kind = app::FieldValue::Kind::Bool;
        break;
    case K::Array:
        f.kind = app::FieldValue::Kind::Array;
        break;
    case K::Object:
        f.kind = app::FieldValue::Kind::Object;
        break;
    }
    if (!f.isScalar()) f.text = v.text();
    return f;
}

Response notFound() {
    return jsonError(404, "not_found", "Import not found");
}

Response resultResponse(const app::ImportResult& result, int okStatus) {
    if (const auto* e = std::get_if<app::ImportError>(&result)) return importErrorResponse(*e);
    return importDetailResponse(okStatus, std::get<app::ImportView>(result));
}

} // namespace

app::CreateImportRequest toCreateRequest(Request& req) {
    app::CreateImportRequest out;
    out.familyId = req.principal.familyId;
    out.userId = req.principal.userId;
    // Moved, not copied: raw_file_content and the file part are the request's large values.
    auto& root = req.params.root();
    for (size_t i = 0; i < root.keys().size(); ++i) {
        app::FieldValue f = toField(root.items()[i]);
        if (f.isScalar()) f.text = root.items()[i].takeText();
        out.fields[root.keys()[i]] = std::move(f);
    }
    if (req.file)
        out.file =
            app::UploadedFile{req.file->filename, req.file->contentType, std::move(req.file->data)};
    out.fileFieldWasText = req.fileFieldWasText && !req.file;
    return out;
}

app::CreateImportRequest toCreateRequest(const Request& req) {
    Request copy = req;
    return toCreateRequest(copy);
}

Response ImportsHandler::create(Request& req) {
    app::CreateImportRequest request = toCreateRequest(req);
    // docs/decisions.md D66: a template fills the options the request leaves out (an unknown type
    // is answered by create's own type check first).
    const std::string type = app::ImportService::resolveType(request.text("type"));
    if (app::traitsOf(type).known())
        if (auto refused = app::applyImportTemplate(_db, request, type))
            return importErrorResponse(*refused);
    return resultResponse(_service.create(request), 201);
}

Response ImportsHandler::show(Request& req) {
    auto view = _service.get(req.principal.familyId, req.pathParam("id"));
    if (!view) return notFound();
    return importDetailResponse(200, *view);
}

Response ImportsHandler::publish(Request& req) {
    return resultResponse(_service.publish(req.principal.familyId, req.pathParam("id")), 200);
}

Response ImportsHandler::revert(Request& req) {
    return resultResponse(_service.revert(req.principal.familyId, req.pathParam("id")), 200);
}

Response ImportsHandler::list(Request& req) {
    store::ImportListFilter filter;
    filter.familyId = req.principal.familyId;
    if (auto status = req.query.get("status"); status && !status->empty()) filter.status = *status;
    if (auto type = req.query.get("type"); type && !type->empty())
        filter.type = app::ImportService::resolveType(*type); // the SureImport alias
    // "Same as last time": the imports of one account, newest first.
    if (auto account = req.query.get("account_id"); account && !account->empty())
        filter.accountId = domain::canonicalUuid(*account).value_or(*account);
    auto page = req.query.get("page"), perPage = req.query.get("per_page");
    // The body depends on the day too: an import stored before schema v11 validates its rows
    // against today's date window (app/imports/ImportEvaluation.cpp).
    const domain::Date today = domain::Date::today();
    std::string key = "imports";
    for (const auto* part : {&filter.status, &filter.type, &filter.accountId, &page, &perPage})
        appendKeyPart(key, *part);
    appendKeyPart(key, today.iso());
    appendKeyPart(key, filter.familyId);
    return _lists->respond(req, key, [&] {
        JsonWriter w;
        _db.readReplica([&](store::Tx& s) {
            store::ImportStore imports(s);
            Pagination p = paginate(page, perPage, imports.count(filter));
            w.beginObject().key("data").beginArray();
            for (const auto& r : imports.list(filter, p.perPage, p.offset))
                writeImportSummary(w, app::evaluateImport(s, r, today));
            w.endArray();
            writeListMeta(w, p);
            w.endObject();
        });
        return jsonResponse(200, w.take());
    });
}

} // namespace finimport::http
