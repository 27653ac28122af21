#include "NdjsonSupport.h"

#include <Poco/JSON/Array.h>

namespace finimport::test {

std::string ndjsonFixture(const std::string& name) {
    return readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/ndjson/" + name);
}

Poco::JSON::Object::Ptr importData(AppHarness& app, const std::string& key, const std::string& id) {
    return jsonObject(app.get("/api/v1/imports/" + id, key))->getObject("data");
}

ServiceRun publishService(AppHarness& app, const std::string& key, const std::string& content) {
    ServiceRun run;
    auto result = app.postJson("/api/v1/imports",
                               R"({"type":"ServiceImport","publish":"true","raw_file_content":)" +
                                   jsonQuote(content) + "}",
                               key);
    run.createStatus = result.status;
    run.created = jsonObject(result);
    if (run.created->has("data"))
        run.importId = run.created->getObject("data")->getValue<std::string>("id");
    else if (run.created->has("import_id"))
        run.importId = run.created->getValue<std::string>("import_id");
    app.waitForJobs();
    if (!run.importId.empty()) run.import = importData(app, key, run.importId);
    return run;
}

Poco::JSON::Object::Ptr readback(const Poco::JSON::Object::Ptr& import) {
    return import->getObject("verification")->getObject("readback");
}

int64_t countOf(const Poco::JSON::Object::Ptr& counts, const std::string& key) {
    return counts->getValue<int64_t>(key);
}

std::vector<std::string> errorLines(const Poco::JSON::Object::Ptr& body) {
    std::vector<std::string> out;
    auto errors = body->getArray("errors");
    for (size_t i = 0; errors && i < errors->size(); ++i)
        out.push_back(errors->getElement<std::string>(static_cast<unsigned>(i)));
    return out;
}

int64_t sqlCount(AppHarness& app, const std::string& sql,
                 const std::vector<store::SqlValue>& params) {
    int64_t n = 0;
    app.server().database().read(
        [&](finimport::store::Tx& s) { n = store::sqlCount(s, sql, params); });
    return n;
}

std::vector<std::vector<std::string>> sqlRows(AppHarness& app, const std::string& sql,
                                              const std::vector<store::SqlValue>& params) {
    std::vector<std::vector<std::string>> out;
    app.server().database().read([&](finimport::store::Tx& s) {
        for (const auto& r : store::sqlQuery(s, sql, params)) {
            std::vector<std::string> row;
            for (size_t i = 0; i < r.size(); ++i)
                row.push_back(r.isNull(i) ? "<null>" : r.str(i));
            out.push_back(row);
        }
    });
    return out;
}

} // namespace finimport::test
