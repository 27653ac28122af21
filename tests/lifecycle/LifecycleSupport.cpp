#include "LifecycleSupport.h"

#include <Poco/JSON/Array.h>

#include <stdexcept>

namespace finimport::test {

namespace {

void expectStatus(int expected, const HttpResult& r, const std::string& what) {
    if (r.status != expected)
        throw std::runtime_error(what + ": HTTP " + std::to_string(r.status) + " " + r.body);
}

} // namespace

Poco::JSON::Object::Ptr importDetail(AppHarness& app, const std::string& key,
                                     const std::string& id) {
    auto r = app.get("/api/v1/imports/" + id, key);
    expectStatus(200, r, "get import");
    return jsonObject(r)->getObject("data");
}

std::string publishImport(AppHarness& app, const std::string& key, const std::string& id) {
    auto r = app.postJson("/api/v1/imports/" + id + "/publish", "", key);
    expectStatus(200, r, "publish");
    app.waitForJobs();
    return importDetail(app, key, id)->getValue<std::string>("status");
}

std::string revertImport(AppHarness& app, const std::string& key, const std::string& id) {
    auto r = app.postJson("/api/v1/imports/" + id + "/revert", "", key);
    expectStatus(200, r, "revert");
    app.waitForJobs();
    return importDetail(app, key, id)->getValue<std::string>("status");
}

Poco::JSON::Array::Ptr importRows(AppHarness& app, const std::string& key, const std::string& id) {
    auto r = app.get("/api/v1/imports/" + id + "/rows?per_page=100", key);
    expectStatus(200, r, "rows");
    return jsonObject(r)->getArray("data");
}

int64_t storeCount(AppHarness& app, const std::string& sql,
                   const std::vector<store::SqlValue>& params) {
    int64_t n = 0;
    app.server().database().read(
        [&](finimport::store::Tx& s) { n = store::sqlCount(s, sql, params); });
    return n;
}

std::vector<store::SqlRow> storeQuery(AppHarness& app, const std::string& sql,
                                      const std::vector<store::SqlValue>& params) {
    std::vector<store::SqlRow> rows;
    app.server().database().read(
        [&](finimport::store::Tx& s) { rows = store::sqlQuery(s, sql, params); });
    return rows;
}

std::string accountIdByName(AppHarness& app, const std::string& name) {
    auto rows = storeQuery(app, "SELECT id FROM accounts WHERE name = ?", {name});
    if (rows.size() != 1) throw std::runtime_error("expected one account named " + name);
    return rows[0].str(0);
}

std::string importBody(const std::string& type, const std::string& content,
                       const std::string& extra) {
    return "{\"type\":" + jsonQuote(type) + ",\"raw_file_content\":" + jsonQuote(content) +
           (extra.empty() ? "" : "," + extra) + "}";
}

} // namespace finimport::test
