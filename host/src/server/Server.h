#pragma once
// The composition root of `finimport serve`: database (migrated), plugins, job workers, import
// service and the HTTP server. Tests start it in-process on an ephemeral port.

#include "app/auth/ApiKeys.h"
#include "app/imports/ImportTypes.h"
#include "app/requests/ImportJobs.h"
#include "app/requests/ImportService.h"
#include "http/HttpServer.h"
#include "http/Metrics.h"
#include "jobs/JobQueue.h"
#include "plugin/PluginRegistry.h"
#include "server/Config.h"
#include "server/HealthCheck.h"
#include "store/Database.h"

#include <memory>

namespace finimport::server {

class Server {
public:
    explicit Server(server::Config config);
    ~Server();

    void start();
    void stop();
    uint16_t port() const;

    store::Database& database() { return *_db; }
    app::ImportJobs& importJobs() { return *_importJobs; }
    app::ImportService& imports() { return *_imports; }
    jobs::JobQueue& jobs() { return *_jobs; }
    http::Metrics& metrics() { return *_metrics; }
    // The port of the separate metrics listener (metrics.listen), 0 when there is none.
    uint16_t metricsPort() const;
    const plugin::PluginRegistry& plugins() const { return *_plugins; }
    // The import types of the loaded plugins, made once at start (docs/decisions.md D225).
    const app::TypeCatalogue& types() const { return *_types; }

private:
    server::Config _config;
    std::unique_ptr<store::Database> _db;
    std::unique_ptr<plugin::PluginRegistry> _plugins;
    std::unique_ptr<const app::TypeCatalogue> _types; // of _plugins; outlives what reads it
    std::unique_ptr<jobs::JobQueue> _jobs;
    std::unique_ptr<app::ImportJobs> _importJobs;
    std::unique_ptr<app::ImportService> _imports;
    std::unique_ptr<app::ApiKeys> _keys;
    std::unique_ptr<HealthCheck> _health; // outlives the HTTP servers that call it
    std::unique_ptr<http::HttpServer> _http;
    std::shared_ptr<http::Metrics> _metrics;
    std::unique_ptr<http::HttpServer> _metricsHttp; // metrics.listen

    void wireMetrics(http::Router& router);
};

// "127.0.0.1:3000" → host and port; throws std::invalid_argument.
std::pair<std::string, uint16_t> parseListen(const std::string& listen);

} // namespace finimport::server
