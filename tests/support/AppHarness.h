#pragma once
// The real finimport server started in-process on an ephemeral port, with a fresh database
// (SQLite, or PostgreSQL in the PostgreSQL pass: TestDatabase.h) and the plugins of the build
// tree; plus helpers to create keys and call the API.

#include "HttpClient.h"
#include "TestDatabase.h"
#include "server/Server.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace finimport::test {

struct HarnessOptions {
    std::string rateLimitMode = "self_hosted";
    std::string database; // default: a fresh TestDatabase (SQLite or PostgreSQL pass)
    int workers = 1;
    int64_t uploadRowCap = 0;                       // limits.upload_rows; 0 keeps the default
    std::vector<std::string> pluginDirs;            // default: the plugins of the build tree
    std::function<void(server::Config&)> configure; // last word on the configuration
    std::string metricsListen; // metrics.listen (empty: /metrics on the API listener)
};

class AppHarness {
public:
    explicit AppHarness(HarnessOptions options = {});
    ~AppHarness();

    server::Server& server() { return *_server; }
    uint16_t port() const { return _server->port(); }
    const std::string& directory() const { return _dir; }

    // A new key (64 hex) for `family` (created with USD when missing).
    std::string createKey(const std::string& family, const std::string& scope = "read_write",
                          const std::string& user = "owner");
    void deactivateUser(const std::string& family, const std::string& user);

    HttpResult get(const std::string& uri, const std::string& key) const;
    HttpResult postJson(const std::string& uri, const std::string& body,
                        const std::string& key) const;
    HttpResult postMultipart(const std::string& uri, MultipartBuilder& form,
                             const std::string& key) const;
    // Waits until every queued publish/revert job has run.
    void waitForJobs(std::chrono::milliseconds timeout = std::chrono::seconds(30));

private:
    std::string _dir;
    std::unique_ptr<TestDatabase> _database;
    std::unique_ptr<server::Server> _server;
};

// Parses a JSON object body (throws on anything else).
Poco::JSON::Object::Ptr jsonObject(const HttpResult& result);
// Reads a whole file (fixtures).
std::string readFile(const std::string& path);
// JSON string literal of `text`.
std::string jsonQuote(const std::string& text);
// POST /api/v1/imports with `body` (a JSON object text); asserts 201 and returns the import's id.
std::string createImport(AppHarness& app, const std::string& key, const std::string& body);

} // namespace finimport::test
