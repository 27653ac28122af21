#include "http/handlers/ImportsHandler.h"

#include "app/imports/ImportReads.h"
#include "app/imports/ImportTemplate.h"
#include "app/imports/TypeDetection.h"
#include "app/imports/UploadTicket.h"
#include "domain/Uuid.h"
#include "http/Errors.h"
#include "http/Formats.h"
#include "http/Pagination.h"
#include "http/handlers/ImportJson.h"
#include "http/handlers/JsonFields.h"
#include "http/handlers/ParamKind.h"
#include "store/ImportStore.h"

namespace finimport::http {

namespace {

app::FieldValue toField(const ParamValue& v) {
    app::FieldValue f;
    f.kind = kindOf<app::FieldValue::Kind>(v);
    if (!f.isScalar()) f.text = v.text();
    return f;
}

Response notFound() {
    return jsonError(404, "not_found", "Import not found");
}

Response resultResponse(const app::ImportResult& result, int okStatus) {
    if (const auto* e = std::get_if<app::Error>(&result)) return errorResponse(*e);
    return importDetailResponse(okStatus, std::get<app::ImportView>(result));
}

// Tells the upload's ticket the bytes of the body as they arrive.
class UploadWatch : public BodyWatch {
public:
    explicit UploadWatch(std::shared_ptr<app::UploadTicket> watched) : ticket(std::move(watched)) {}
    void bytesRead(uint64_t total) override { ticket->bytesRead(total); }
    std::shared_ptr<app::UploadTicket> ticket;
};

// docs/decisions.md D165: the X-Import-Id header, checked after authentication like the body's
// fields. nullopt: none was sent.
std::optional<app::Error> checkImportId(Request& req, app::CreateImportRequest& out) {
    const auto header = req.headers.get(kImportIdHeader);
    if (!header) return std::nullopt;
    const auto id = domain::canonicalUuid(*header);
    if (!id) {
        const std::string message = std::string(kImportIdHeader) + " must be a UUID";
        return app::Error{app::ErrorKind::Invalid, "validation_failed", message,
                          std::vector<std::string>{message}, std::nullopt};
    }
    if (auto* watch = dynamic_cast<UploadWatch*>(req.bodyWatch.get()))
        out.upload = watch->ticket;
    else // the id was on the board when the body began: is it still?
        out.upload = app::UploadTicket::open(*id, req.principal.familyId, std::nullopt);
    if (!out.upload)
        return app::Error{app::ErrorKind::Conflict, "conflict",
                          "An import with this " + std::string(kImportIdHeader) +
                              " is already being uploaded",
                          std::nullopt, std::nullopt};
    return std::nullopt;
}

// GET /api/v1/imports/{id} of an upload still running: nothing is stored yet.
app::ImportView uploadingView(const app::UploadState& up, const app::TypeCatalogue& types) {
    app::ImportView v;
    v.backup = types.traitsOf(up.type).backup();
    v.record.id = up.id;
    v.record.familyId = up.familyId;
    v.record.type = up.type;
    v.record.status = "uploading";
    v.record.createdAt = v.record.updatedAt = up.startedAt / 1000 * 1000;
    v.notPublishableReasons.push_back("The file is still being uploaded");
    return v;
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

BodyWatchHook uploadWatchHook() {
    BodyWatchHook hook;
    hook.header = kImportIdHeader;
    hook.open = [](const Principal& who, const Request& req,
                   std::optional<uint64_t> length) -> std::shared_ptr<BodyWatch> {
        const auto id = domain::canonicalUuid(req.headers.get(kImportIdHeader).value_or(""));
        if (!id) return nullptr; // refused after the body (checkImportId)
        auto ticket = app::UploadTicket::open(*id, who.familyId, length);
        if (!ticket) return nullptr; // taken: refused after the body (checkImportId)
        return std::make_shared<UploadWatch>(std::move(ticket));
    };
    return hook;
}

Response ImportsHandler::create(Request& req) {
    app::CreateImportRequest request = toCreateRequest(req);
    if (auto refused = checkImportId(req, request)) return errorResponse(*refused);
    // The ticket now lives in `request`: it leaves the board when create has returned, the
    // import stored (or nothing).
    req.bodyWatch.reset();
    // docs/decisions.md D66: a template fills the options the request leaves out (an unknown type
    // is answered by create's own type check first).
    const std::string type = app::resolveImportType(request.text("type"));
    if (_service.types().traitsOf(type).known())
        if (auto refused = app::applyImportTemplate(_db, request, type))
            return errorResponse(*refused);
    return resultResponse(_service.create(request), 201);
}

Response ImportsHandler::show(Request& req) {
    // The board first: a ticket leaves it only after its import is committed.
    if (auto id = domain::canonicalUuid(req.pathParam("id")))
        if (auto up = app::uploadInProgress(req.principal.familyId, *id))
            return importDetailResponse(200, uploadingView(*up, _service.types()));
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
    auto filter = familyFilter<store::ImportListFilter>(req);
    if (auto status = req.query.get("status"); status && !status->empty()) filter.status = *status;
    if (auto type = req.query.get("type"); type && !type->empty())
        filter.type = app::resolveImportType(*type); // the SureImport alias
    // "Same as last time": the imports of one account, newest first.
    if (auto account = req.query.get("account_id"); account && !account->empty())
        filter.accountId = domain::canonicalUuid(*account).value_or(*account);
    auto page = req.query.get("page"), perPage = req.query.get("per_page");
    std::string key = "imports";
    for (const auto* part : {&filter.status, &filter.type, &filter.accountId, &page, &perPage})
        appendKeyPart(key, *part);
    appendKeyPart(key, filter.familyId);
    return _lists->respond(req, key, [&] {
        Pagination p;
        const auto views = app::listImports(_db, filter, [&](int64_t total) {
            p = paginate(page, perPage, total);
            return app::PageSpan{p.perPage, p.offset};
        });
        return jsonResponse(200, listPageJson(views, p, writeImportSummary));
    });
}

} // namespace finimport::http
