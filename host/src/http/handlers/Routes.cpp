#include "http/handlers/Routes.h"

#include "http/Errors.h"
#include "http/handlers/BalancesHandler.h"
#include "http/handlers/ExportsHandler.h"
#include "http/handlers/ImportsHandler.h"
#include "http/handlers/OpenApi.h"

namespace finimport::http {

Router buildRoutes(RouteServices services) {
    Router router;
    auto imports = std::make_shared<ImportsHandler>(services.db, services.imports);
    store::Database* db = &services.db;
    using A = AuthRequirement;

    router.get("/health", A::None, [](Request&) { return jsonResponse(200, R"({"status":"ok"})"); });
    router.get("/api/v1/openapi.yaml", A::None, [](Request&) {
        Response r;
        r.contentType = "application/yaml";
        r.body = openApiYaml();
        return r;
    });
    router.get("/api/v1/balances", A::Read, [db](Request& r) { return listBalances(*db, r); });
    router.get("/api/v1/exports/ndjson", A::Read, [db](Request& r) { return exportNdjson(*db, r); });
    router.post("/api/v1/imports", A::Write, BodyMode::Params,
                [imports](Request& r) { return imports->create(r); });
    router.get("/api/v1/imports", A::Read, [imports](Request& r) { return imports->list(r); });
    router.get("/api/v1/imports/{id}", A::Read, [imports](Request& r) { return imports->show(r); });
    router.get("/api/v1/imports/{id}/rows", A::Read,
               [imports](Request& r) { return imports->rows(r); });
    router.post("/api/v1/imports/{id}/publish", A::Write, BodyMode::None,
                [imports](Request& r) { return imports->publish(r); });
    router.post("/api/v1/imports/{id}/revert", A::Write, BodyMode::None,
                [imports](Request& r) { return imports->revert(r); });
    return router;
}

} // namespace finimport::http
