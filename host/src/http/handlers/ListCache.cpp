#include "http/handlers/ListCache.h"

#include "http/Errors.h"
#include "http/ExecutionGate.h"
#include "store/ReadStamps.h"

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
    // The listings read through readReplica(): the stamp comes from the same database.
    const std::string stamp = _db.readStamps().current();
    bool builder = false;
    while (!builder) {
        if (auto body = _pages.find(key, stamp)) {
            Response hit;
            hit.sharedBody = std::move(body);
            return hit;
        }
        std::unique_lock lock(_buildMutex);
        auto [it, inserted] = _building.emplace(key, stamp);
        if (inserted) {
            builder = true;
        } else if (it->second != stamp) {
            break; // another stamp is being built: build this one without waiting
        } else {
            // Woken when the builder is done; a failed build (not stored) makes one of the
            // waiters the next builder. The request's permit (http/ExecutionGate.h) is given
            // back meanwhile, and taken again with no lock held.
            lock.unlock();
            ExecutionGate::Pause pause;
            std::unique_lock wait(_buildMutex);
            _built.wait(wait, [&] {
                auto f = _building.find(key);
                return f == _building.end() || f->second != stamp;
            });
        }
    }
    struct BuildDone { // wakes the waiters however build() ends
        ListCache* cache;
        const std::string* key;
        bool owner;
        ~BuildDone() {
            if (!owner) return;
            {
                std::lock_guard lock(cache->_buildMutex);
                cache->_building.erase(*key);
            }
            cache->_built.notify_all();
        }
    } done{this, &key, builder};
    Response response = build();
    if (response.status == 200 && !response.stream && !response.sharedBody) {
        response.sharedBody = std::make_shared<const std::string>(std::move(response.body));
        response.body.clear();
        _pages.store(key, stamp, response.sharedBody);
    }
    return response;
}

void appendKeyPart(std::string& key, const std::optional<std::string>& part) {
    key += '\x1f';
    if (part)
        key += *part;
    else
        key += '\x1e';
}

std::string listKey(const char* name, const Request& request,
                    std::initializer_list<std::optional<std::string>> filters) {
    std::string key = name;
    for (const auto& part : filters)
        appendKeyPart(key, part);
    appendKeyPart(key, request.query.get("page"));
    appendKeyPart(key, request.query.get("per_page"));
    appendKeyPart(key, request.principal.familyId);
    return key;
}

} // namespace finimport::http
