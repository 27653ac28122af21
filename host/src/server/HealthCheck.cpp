#include "server/HealthCheck.h"

#include "domain/LogLine.h"
#include "http/Errors.h"
#include "http/JsonWriter.h"
#include "store/Migrations.h"

namespace finimport::server {

HealthCheck::HealthCheck(store::Database& db, const plugin::PluginRegistry& plugins,
                         std::chrono::milliseconds timeout)
    : _db(db), _plugins(plugins), _timeout(timeout) {}

HealthCheck::~HealthCheck() {
    std::lock_guard lock(_mutex);
    if (_thread.joinable()) _thread.join();
}

std::vector<std::pair<std::string, std::string>> HealthCheck::failures() {
    std::vector<std::pair<std::string, std::string>> failed;
    std::shared_ptr<Probe> probe;
    {
        std::lock_guard lock(_mutex);
        bool running = false;
        if (_probe) {
            std::lock_guard probeLock(_probe->mutex);
            running = !_probe->finished;
        }
        if (!running) {
            // A probe still running (a hung database) is waited for again, not doubled.
            if (_thread.joinable()) _thread.join();
            _probe = std::make_shared<Probe>();
            _thread = std::thread([this, p = _probe] {
                int version = 0;
                std::string error;
                try {
                    version = store::appliedSchemaVersion(_db);
                } catch (const std::exception& e) {
                    error = domain::logMessage(e.what());
                }
                std::lock_guard probeLock(p->mutex);
                p->version = version;
                p->error = error;
                p->finished = true;
                p->done.notify_all();
            });
        }
        probe = _probe;
    }
    {
        std::unique_lock probeLock(probe->mutex);
        if (!probe->done.wait_for(probeLock, _timeout, [&] { return probe->finished; })) {
            failed.emplace_back("database",
                                "no answer within " + std::to_string(_timeout.count()) + " ms");
        } else if (!probe->error.empty()) {
            failed.emplace_back("database", probe->error);
        } else if (probe->version != store::latestSchemaVersion()) {
            failed.emplace_back("schema", "the database has schema version " +
                                              std::to_string(probe->version) + ", expected " +
                                              std::to_string(store::latestSchemaVersion()));
        }
    }
    if (_plugins.types().empty()) failed.emplace_back("plugins", "no importer plugin is loaded");
    return failed;
}

void HealthCheck::addRoutes(http::Router& router) {
    router.get("/health", http::AuthRequirement::None, [this](http::Request& request) {
        const auto failed = failures();
        if (failed.empty()) return http::jsonResponse(200, R"({"status":"ok"})");
        // The 503's log line (http/ServerLog.h) names the first failed check.
        request.failure =
            http::RequestFailure{"", failed.front().first + ": " + failed.front().second, "health"};
        http::JsonWriter json;
        json.beginObject().key("status").string("unavailable").key("failed").beginArray();
        for (const auto& [check, message] : failed)
            json.beginObject()
                .key("check")
                .string(check)
                .key("message")
                .string(message)
                .endObject();
        json.endArray().endObject();
        return http::jsonResponse(503, json.take());
    });
    router.get("/health/live", http::AuthRequirement::None,
               [](http::Request&) { return http::jsonResponse(200, R"({"status":"ok"})"); });
}

} // namespace finimport::server
