#pragma once
// The import endpoints: create (docs/api.md §7), list, show, rows (§12.1–§12.3), publish/revert
// (§12.5).

#include "app/requests/ImportService.h"
#include "http/Request.h"
#include "http/Router.h"
#include "http/handlers/ListCache.h"
#include "store/Database.h"

#include <memory>

namespace finimport::http {

class ImportsHandler {
public:
    // `lists`: the page cache GET /imports answers from while no import changed.
    ImportsHandler(store::Database& db, app::ImportService& service,
                   std::shared_ptr<ListCache> lists)
        : _db(db), _service(service), _lists(std::move(lists)) {}

    Response create(Request& request);
    Response list(Request& request);
    Response show(Request& request);
    Response rows(Request& request);
    Response publish(Request& request);
    Response revert(Request& request);

private:
    store::Database& _db;
    app::ImportService& _service;
    std::shared_ptr<ListCache> _lists;
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
