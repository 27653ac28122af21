#include "http/handlers/Routes.h"

#include "http/Errors.h"
#include "http/handlers/BalancesHandler.h"
#include "http/handlers/ConsoleAssets.h"
#include "http/handlers/ExportsHandler.h"
#include "http/handlers/ImportTypesHandler.h"
#include "http/handlers/ImportsHandler.h"
#include "http/handlers/LedgerHandlers.h"
#include "http/handlers/OpenApiDocument.h"
#include "http/handlers/PreflightHandler.h"
#include "http/handlers/RecurringHandler.h"
#include "http/handlers/RowEditHandler.h"
#include "http/handlers/RulesHandler.h"
#include "http/handlers/TradesHandler.h"

namespace finimport::http {

namespace {

// The read API (docs/read-api.md): every route answers a 500 with the standard body (§1.7).
void addLedgerRoutes(Router& router, store::Database& database, std::shared_ptr<ListCache> lists) {
    using A = AuthRequirement;
    store::Database* db = &database;
    auto editor = std::make_shared<app::ledger::TransactionEditor>(database);
    const std::string message = "An unexpected error occurred";
    auto list = [&](const std::string& path, Response (*handler)(ListCache&, const Request&)) {
        router.get(path, A::Read, [lists, handler](Request& r) { return handler(*lists, r); })
            .internalErrorMessage = message;
    };
    auto one = [&](const std::string& path, Response (*handler)(store::Database&, const Request&)) {
        router.get(path, A::Read, [db, handler](Request& r) { return handler(*db, r); })
            .internalErrorMessage = message;
    };
    list("/api/v1/accounts", listAccounts);
    one("/api/v1/accounts/{id}", showAccount);
    list("/api/v1/transactions", listTransactions);
    one("/api/v1/transactions/{id}", showTransaction);
    list("/api/v1/categories", listCategories);
    one("/api/v1/categories/{id}", showCategory);
    list("/api/v1/merchants", listMerchants);
    one("/api/v1/merchants/{id}", showMerchant);
    list("/api/v1/tags", listTags);
    one("/api/v1/tags/{id}", showTag);
    for (const char* method : {"PATCH", "PUT"})
        router
            .add(Route{method, "/api/v1/transactions/{id}", A::Write, BodyMode::Params,
                       [editor](Request& r) { return patchTransaction(*editor, r); }})
            .internalErrorMessage = message;
    router
        .add(Route{"DELETE", "/api/v1/transactions/{id}", A::Write, BodyMode::None,
                   [editor](Request& r) { return deleteTransaction(*editor, r); }})
        .internalErrorMessage = message;
}

} // namespace

Router buildRoutes(RouteServices services) {
    Router router;
    // The page cache of the lists (ListCache.h), shared by every list route.
    auto lists = std::make_shared<ListCache>(services.db);
    auto imports = std::make_shared<ImportsHandler>(services.db, services.imports, lists);
    store::Database* db = &services.db;
    auto recurring = std::make_shared<app::RecurringService>(services.db);
    using A = AuthRequirement;

    // /health and /health/live: server/HealthCheck.h (they need the whole server).
    // Generated once: the loaded plugins do not change while the server runs.
    auto openApi = std::make_shared<const std::string>(openApiDocument(services.plugins));
    router.get("/api/v1/openapi.yaml", A::None, [openApi](Request&) {
        Response r;
        r.contentType = "application/yaml";
        r.sharedBody = openApi;
        return r;
    });
    // Each route's 500 message is the one docs/api.md documents for it (§8.7, §9.2, §9.3, §12.4).
    router.get("/api/v1/balances", A::Read, [lists](Request& r) { return listBalances(*lists, r); })
        .internalErrorMessage = "An unexpected error occurred";
    router.get("/api/v1/trades", A::Read, [lists](Request& r) { return listTrades(*lists, r); })
        .internalErrorMessage = "An unexpected error occurred";
    router
        .post("/api/v1/recurring_transactions", A::Write, BodyMode::Params,
              [recurring](Request& r) { return createRecurring(*recurring, r); })
        .internalErrorMessage = "Internal server error";
    router
        .post("/api/v1/imports/preflight", A::Read, BodyMode::Params,
              [&service = services.imports](Request& r) { return preflightImport(service, r); })
        .internalErrorMessage = "Import preflight could not be completed.";
    router.get("/api/v1/exports/ndjson", A::Read,
               [db](Request& r) { return exportNdjson(*db, r); });
    auto& createImport = router.post("/api/v1/imports", A::Write, BodyMode::Params,
                                     [imports](Request& r) { return imports->create(r); });
    createImport.watchBody = uploadWatchHook();
    createImport.internalErrorMessage = "Import could not be created"; // docs/api.md §7.7, D115
    router.get("/api/v1/imports", A::Read, [imports](Request& r) { return imports->list(r); });
    auto types = std::make_shared<const std::string>(importTypesJson(services.plugins));
    router.get("/api/v1/import_types", A::Read, [types](Request&) {
        Response r;
        r.sharedBody = types;
        return r;
    });
    router.get("/api/v1/imports/{id}", A::Read, [imports](Request& r) { return imports->show(r); });
    router.get("/api/v1/imports/{id}/rows", A::Read,
               [imports](Request& r) { return imports->rows(r); });
    auto rowEditor =
        std::make_shared<app::RowEditor>(services.db, services.plugins, services.imports.types());
    router.add(Route{"PATCH", "/api/v1/imports/{id}/rows/{number}", A::Write, BodyMode::Params,
                     [db, rowEditor](Request& r) { return editImportRow(*db, *rowEditor, r); }});
    router.post("/api/v1/imports/{id}/publish", A::Write, BodyMode::None,
                [imports](Request& r) { return imports->publish(r); });
    router.post("/api/v1/imports/{id}/revert", A::Write, BodyMode::None,
                [imports](Request& r) { return imports->revert(r); });
    addLedgerRoutes(router, services.db, lists);
    if (services.consoleEnabled) addConsoleRoutes(router);
    // docs/rules.md §11
    addRuleRoutes(router, services.db, services.imports.jobs(), services.imports.types());
    return router;
}

} // namespace finimport::http
