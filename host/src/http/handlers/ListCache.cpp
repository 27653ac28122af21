#include "http/handlers/ListCache.h"

#include "http/Errors.h"

namespace finimport::http {

namespace {

bool noCache(const Request& request) {
    const auto value = request.headers.get("Cache-Control");
    return value && value->find("no-cache") != std::string::npos;
}

} // namespace

Response ListCache::respond(const Request& request, const std::string& key,
                            const std::function<Response()>& build) {
    if (noCache(request)) return build();
    std::string stamp;
    // The listings read through readReplica(): the stamp comes from the same database.
    _db.readReplica([&](store::Tx& s) { stamp = _stamps.current(s); });
    if (auto body = _pages.find(key, stamp)) return jsonResponse(200, std::move(*body));
    Response response = build();
    if (response.status == 200 && !response.stream) _pages.store(key, stamp, response.body);
    return response;
}

void appendKeyPart(std::string& key, const std::optional<std::string>& part) {
    key += '\x1f';
    if (part)
        key += *part;
    else
        key += '\x1e';
}

} // namespace finimport::http
