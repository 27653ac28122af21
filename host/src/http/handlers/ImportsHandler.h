#pragma once
// The import endpoints: create (docs/api.md §7), list, show, rows (§12.1–§12.3), publish/revert
// (§12.5).

#include "app/imports/ImportService.h"
#include "http/Request.h"
#include "http/Router.h"
#include "store/Database.h"

namespace finimport::http {

class ImportsHandler {
public:
    ImportsHandler(store::Database& db, app::ImportService& service) : _db(db), _service(service) {}

    Response create(Request& request);
    Response list(Request& request);
    Response show(Request& request);
    Response rows(Request& request);
    Response publish(Request& request);
    Response revert(Request& request);

private:
    store::Database& _db;
    app::ImportService& _service;
};

// docs/decisions.md D165: an upload that sends X-Import-Id is on the upload board from its first
// byte, so GET /api/v1/imports/{id} shows it while it is received and parsed.
inline constexpr const char* kImportIdHeader = "X-Import-Id";
BodyWatchHook uploadWatchHook();

// Moves the request's parameters and file into the app's request.
app::CreateImportRequest toCreateRequest(Request& request);
// Copies them (preflight reads a const request).
app::CreateImportRequest toCreateRequest(const Request& request);

} // namespace finimport::http
