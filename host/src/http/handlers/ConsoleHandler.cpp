#include "http/handlers/ConsoleAssets.h"

#include "http/Errors.h"

#include <memory>
#include <string>

namespace finimport::http {

namespace {

std::string contentTypeOf(std::string_view name) {
    auto ends = [&](std::string_view suffix) {
        return name.size() >= suffix.size() && name.substr(name.size() - suffix.size()) == suffix;
    };
    if (ends(".html")) return "text/html; charset=utf-8";
    if (ends(".css")) return "text/css; charset=utf-8";
    if (ends(".js")) return "text/javascript; charset=utf-8";
    if (ends(".svg")) return "image/svg+xml";
    return "application/octet-stream";
}

// docs/console.md "Security": no inline script or style, nothing from another origin, never in a
// frame, no Referer to anyone.
void secure(Response& r) {
    r.header("Content-Security-Policy",
             "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
             "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'");
    r.header("X-Frame-Options", "DENY");
    r.header("Referrer-Policy", "no-referrer");
    r.header("X-Content-Type-Options", "nosniff");
    r.header("Cache-Control", "no-cache");
}

const ConsoleAsset* find(std::string_view name) {
    for (const auto& a : consoleAssets())
        if (a.name == name) return &a;
    return nullptr;
}

Response serve(const ConsoleAsset& asset) {
    Response r;
    r.contentType = contentTypeOf(asset.name);
    r.body = std::string(asset.text);
    secure(r);
    return r;
}

} // namespace

void addConsoleRoutes(Router& router) {
    const ConsoleAsset* page = find("index.html");
    if (!page) return; // a build without the console's files
    auto index = [page](Request&) { return serve(*page); };
    router.get("/", AuthRequirement::None, index);
    router.get("/console", AuthRequirement::None, index);
    router.get("/console/{name}", AuthRequirement::None, [page](Request& req) {
        const std::string& name = req.pathParam("name");
        if (const ConsoleAsset* asset = find(name)) return serve(*asset);
        if (name.find('.') != std::string::npos) {
            Response r = routeNotFound();
            secure(r);
            return r;
        }
        return serve(*page);
    });
}

} // namespace finimport::http
