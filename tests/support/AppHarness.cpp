#include "AppHarness.h"

#include "app/auth/ApiKeys.h"
#include "store/FamilyStore.h"

#include <Poco/JSON/Parser.h>
#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <finimport/json.hpp>

namespace finimport::test {

AppHarness::AppHarness(HarnessOptions options) {
    _dir = Poco::TemporaryFile::tempName();
    std::filesystem::create_directories(_dir);
    server::Config config;
    config.listen = "127.0.0.1:0";
    if (options.database.empty()) {
        _database = std::make_unique<TestDatabase>(_dir);
        config.database = _database->url();
    } else {
        config.database = options.database;
    }
    config.pluginDirs = options.pluginDirs;
    if (config.pluginDirs.empty()) config.pluginDirs = {FINIMPORT_PLUGIN_BUILD_DIR};
    config.workers = options.workers;
    config.httpThreads = 16;
    config.rateLimitMode = options.rateLimitMode;
    if (options.uploadRowCap > 0) config.uploadRowCap = options.uploadRowCap;
    config.metricsListen = options.metricsListen;
    if (options.configure) options.configure(config);
    _server = std::make_unique<server::Server>(config);
    _server->start();
}

AppHarness::~AppHarness() {
    _server->stop();
    _server.reset();
    _database.reset();
    std::error_code ec;
    std::filesystem::remove_all(_dir, ec);
}

std::string AppHarness::createKey(const std::string& family, const std::string& scope,
                                  const std::string& user) {
    app::ApiKeys keys(_server->database());
    return keys.create(family, user, "test", scope, std::nullopt).key;
}

void AppHarness::deactivateUser(const std::string& family, const std::string& user) {
    _server->database().write([&](finimport::store::Tx& s) {
        store::FamilyStore families(s);
        auto f = families.familyByName(family);
        auto u = families.user(f->id, user);
        families.setUserActive(u->id, false);
    });
}

HttpResult AppHarness::get(const std::string& uri, const std::string& key) const {
    if (key.empty()) return httpSend(port(), "GET", uri);
    return httpSend(port(), "GET", uri, {{"X-Api-Key", key}});
}

HttpResult AppHarness::postJson(const std::string& uri, const std::string& body,
                                const std::string& key) const {
    std::vector<std::pair<std::string, std::string>> headers;
    if (!key.empty()) headers.emplace_back("X-Api-Key", key);
    return httpSend(port(), "POST", uri, headers, body, "application/json");
}

HttpResult AppHarness::postMultipart(const std::string& uri, MultipartBuilder& form,
                                     const std::string& key) const {
    std::vector<std::pair<std::string, std::string>> headers;
    if (!key.empty()) headers.emplace_back("X-Api-Key", key);
    std::string body = form.finish();
    return httpSend(port(), "POST", uri, headers, body, form.contentType());
}

void AppHarness::waitForJobs(std::chrono::milliseconds timeout) {
    if (!_server->jobs().waitIdle(timeout)) throw std::runtime_error("jobs did not finish in time");
}

Poco::JSON::Object::Ptr jsonObject(const HttpResult& result) {
    Poco::JSON::Parser parser;
    return parser.parse(result.body).extract<Poco::JSON::Object::Ptr>();
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::string jsonQuote(const std::string& text) {
    std::string out;
    finimport::json::appendQuoted(out, text);
    return out;
}

std::string createImport(AppHarness& app, const std::string& key, const std::string& body) {
    auto r = app.postJson("/api/v1/imports", body, key);
    CPPUNIT_ASSERT_EQUAL_MESSAGE("create import: " + r.body, 201, r.status);
    return jsonObject(r)->getObject("data")->getValue<std::string>("id");
}

} // namespace finimport::test
