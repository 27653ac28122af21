#pragma once
// The page cache of the read API's listings (http/PageCache.h) with the stamps that guard it
// (store/ReadStamps.h), shared by their handlers.

#include "http/Errors.h"
#include "http/JsonWriter.h"
#include "http/PageCache.h"
#include "http/Pagination.h"
#include "http/Request.h"
#include "http/handlers/JsonFields.h"
#include "store/Database.h"
#include "store/Listing.h"

#include <condition_variable>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace finimport::http {

class ListCache {
public:
    explicit ListCache(store::Database& db) : _db(db) {}
    store::Database& db() { return _db; }

    // The 200 stored under `key` for the data as it is now, or build() (stored when it is a
    // 200). `key` must name everything the body depends on besides the data: the family, the
    // normalized filters and the raw page parameters. A request with `Cache-Control: no-cache`
    // (the client asks for a fresh answer) is built afresh, and its answer is not stored.
    // Requests that miss on the same key and stamp while one of them builds wait for its
    // body instead of each building it: a commit does not set every connection rendering the
    // same page at once.
    Response respond(const Request& request, const std::string& key,
                     const std::function<Response()>& build);

private:
    store::Database& _db;
    PageCache _pages;
    std::mutex _buildMutex;
    std::condition_variable _built;
    std::unordered_map<std::string, std::string> _building; // key -> stamp being built
};

// "\x1f"-separated parts of a cache key; an absent part is "\x1e".
void appendKeyPart(std::string& key, const std::optional<std::string>& part);
// A list's filter with the caller's family set, the other filters not yet read.
template <class Filter> Filter familyFilter(const Request& request) {
    Filter filter;
    filter.familyId = request.principal.familyId;
    return filter;
}

// A list's cache key: `name`, its `filters`, the request's page and per_page, the caller's family.
std::string listKey(const char* name, const Request& request,
                    std::initializer_list<std::optional<std::string>> filters);

// A cached page of a list (docs/read-api.md, "Pagination"): `{"<name>": [...], "pagination":
// {...}}`, its rows read from `cache.db()` by `listing` once its count placed the page, each
// written by `write(w, row)`.
template <typename Filter, typename View, typename Write>
Response respondPage(ListCache& cache, const Request& request, const std::string& key,
                     const char* name, const Filter& filter,
                     const store::Listing<Filter, View>& listing, Write write) {
    return cache.respond(request, key, [&] {
        store::Database& db = cache.db();
        Pagination p = paginate(request.query.get("page"), request.query.get("per_page"),
                                listing.count(db, filter));
        JsonWriter w;
        w.beginObject().key(name).beginArray();
        for (const auto& row : listing.page(db, filter, p.perPage, p.offset))
            write(w, row);
        w.endArray();
        writePagination(w, p);
        w.endObject();
        return jsonResponse(200, w.take());
    });
}

} // namespace finimport::http
