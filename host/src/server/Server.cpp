#include "server/Server.h"

#include "domain/LogLine.h"
#include "http/DbRateLimitCounter.h"
#include "http/ServerLog.h"
#include "http/handlers/KeyAuthenticator.h"
#include "http/handlers/Routes.h"
#include "server/PluginLoading.h"
#include "store/ImportClaims.h"
#include "store/ImportMetrics.h"
#include "store/JobStore.h"
#include "store/Migrations.h"
#include "store/Time.h"

#include <iostream>
#include <stdexcept>

namespace finimport::server {

std::pair<std::string, uint16_t> parseListen(const std::string& listen) {
    auto colon = listen.rfind(':');
    if (colon == std::string::npos) throw std::invalid_argument("listen must be HOST:PORT");
    int port = -1;
    try {
        port = std::stoi(listen.substr(colon + 1));
    } catch (const std::exception&) {
    }
    if (port < 0 || port > 65535) throw std::invalid_argument("listen has an invalid port");
    return {listen.substr(0, colon), static_cast<uint16_t>(port)};
}

Server::Server(server::Config config) : _config(std::move(config)) {
    http::installServerLog();
    store::DatabaseOptions dbOptions;
    // Request threads mostly wait on the client; workers, the heartbeat and the reaper each
    // need a session of their own.
    dbOptions.maxSessions = _config.poolSize();
    dbOptions.statementTimeoutMs = _config.statementTimeoutMs;
    dbOptions.readUrl = _config.databaseReadUrl;
    _db = std::make_unique<store::Database>(_config.database, dbOptions);
    store::migrate(*_db);
    _plugins = std::make_unique<plugin::PluginRegistry>();
    server::loadPlugins(*_plugins, _config);
    _types = std::make_unique<const app::TypeCatalogue>(*_plugins);
    jobs::JobQueueOptions jobOptions;
    jobOptions.workers = _config.workers;
    jobOptions.lease = std::chrono::seconds(_config.jobLeaseSeconds);
    jobOptions.maxAttempts = _config.jobMaxAttempts;
    jobOptions.drainTimeout = std::chrono::seconds(_config.drainSeconds);
    _jobs = std::make_unique<jobs::JobQueue>(*_db, jobOptions);
    // An import whose workers kept dying is failed with the reason, never
    // left importing/reverting.
    _jobs->setAbandonHandler(
        [](store::Tx& s, const store::AbandonedJob& job, const std::string& message) {
            if (!job.importId) return;
            if (job.kind == "publish")
                store::failImportIfStatus(s, *job.importId, "importing", "failed", message);
            else if (job.kind == "revert")
                store::failImportIfStatus(s, *job.importId, "reverting", "revert_failed", message);
        });
    _importJobs = std::make_unique<app::ImportJobs>(*_db, _config, *_plugins, *_types);
    _jobs->setHandler([this](const store::JobRecord& job) { _importJobs->run(job); });
    _imports = std::make_unique<app::ImportService>(*_db, *_plugins, *_types, _config, *_jobs);
    _keys = std::make_unique<app::ApiKeys>(*_db);

    auto router = http::buildRoutes({*_db, *_imports, *_plugins, _config, _config.consoleEnabled});
    _health = std::make_unique<HealthCheck>(*_db, *_plugins, std::chrono::milliseconds(2000));
    _health->addRoutes(router);
    _metrics = std::make_shared<http::Metrics>();
    wireMetrics(router);
    auto authenticator = std::make_shared<http::KeyAuthenticator>(*_keys);
    // Instances sharing PostgreSQL share the managed-mode counters (DbRateLimitCounter.h).
    std::shared_ptr<http::RateLimitCounter> counter;
    if (_db->isPostgres()) counter = std::make_shared<http::DbRateLimitCounter>(*_db);
    auto limiter = std::make_shared<http::RateLimiter>(_config.rateLimitMode == "managed"
                                                           ? http::RateLimitMode::Managed
                                                           : http::RateLimitMode::SelfHosted,
                                                       counter);
    http::PipelineConfig pc;
    pc.requestConcurrency = _config.requestConcurrency();
    auto pipeline =
        std::make_shared<http::RequestPipeline>(std::move(router), authenticator, limiter, pc);
    pipeline->setMetrics(_metrics);
    auto [host, port] = parseListen(_config.listen);
    http::ServerConfig sc;
    sc.host = host;
    sc.port = port;
    sc.maxThreads = _config.httpThreads;
    sc.headerTimeoutSeconds = _config.httpHeaderTimeoutSeconds;
    sc.keepAliveSeconds = _config.httpKeepAliveSeconds;
    sc.bodyMinBytesPerSecond = _config.httpBodyMinBytesPerSecond;
    sc.bodyGraceSeconds = _config.httpBodyGraceSeconds;
    sc.maxConnections = _config.httpMaxConnections;
    _http = std::make_unique<http::HttpServer>(sc, pipeline);
}

void Server::wireMetrics(http::Router& router) {
    store::Database* db = _db.get();
    _jobs->setObserver([this, db](const jobs::JobOutcome& o) {
        int64_t rows = 0;
        std::string status = o.ok ? "done" : "failed";
        if (o.job.kind == "publish" && o.job.importId) {
            try {
                db->read([&](store::Tx& s) {
                    auto r = store::importOutcome(s, *o.job.importId);
                    if (r && r->status == "complete" && o.ok) rows = r->rowsCount;
                    if (r && r->status == "failed") status = "import_failed";
                });
            } catch (const std::exception&) {
            }
        }
        // A publish the engine failed (the job itself ended): an error line like a 5xx.
        if (status == "import_failed")
            domain::LogLine("import_failed")
                .str("level", "error")
                .str("request_id", o.job.requestId.value_or(""))
                .str("job_id", o.job.id)
                .str("import_id", o.job.importId.value_or(""))
                .emit();
        _metrics->observeJob(o.job.kind, status, o.seconds, rows);
    });
    _metrics->setGauges([db]() {
        std::vector<http::GaugeSample> out;
        db->read([&](store::Tx& s) {
            for (const auto& [importStatus, count] : store::importCountsByStatus(s))
                out.push_back({"finimport_imports", "Imports by status (all instances).",
                               "status=\"" + http::promLabel(importStatus) + "\"",
                               static_cast<double>(count)});
            auto q = store::JobStore(s).stats();
            out.push_back({"finimport_job_queue_depth", "Jobs waiting or running (all instances).",
                           "state=\"queued\"", static_cast<double>(q.queued)});
            out.push_back({"finimport_job_queue_depth", "", "state=\"running\"",
                           static_cast<double>(q.running)});
            double age = q.oldestQueuedAt
                             ? static_cast<double>(store::nowMicros() - *q.oldestQueuedAt) / 1e6
                             : 0;
            out.push_back({"finimport_job_oldest_queued_age_seconds",
                           "Age of the oldest queued job.", "", age});
        });
        auto pool = db->poolUsage();
        out.push_back({"finimport_db_pool_sessions", "Database sessions of this instance.",
                       "state=\"used\"", static_cast<double>(pool.used)});
        out.push_back(
            {"finimport_db_pool_sessions", "", "state=\"idle\"", static_cast<double>(pool.idle)});
        out.push_back({"finimport_db_pool_sessions", "", "state=\"capacity\"",
                       static_cast<double>(pool.capacity)});
        return out;
    });
    auto metrics = _metrics;
    auto handler = [metrics](http::Request&) {
        http::Response r;
        r.contentType = "text/plain; version=0.0.4; charset=utf-8";
        r.body = metrics->render();
        return r;
    };
    if (_config.metricsListen.empty()) {
        router.get("/metrics", http::AuthRequirement::None, handler);
        return;
    }
    // A separate listener (e.g. only on a private interface): /metrics is not on `listen`.
    http::Router metricsRouter;
    metricsRouter.get("/metrics", http::AuthRequirement::None, handler);
    auto [host, port] = parseListen(_config.metricsListen);
    http::ServerConfig sc;
    sc.host = host;
    sc.port = port;
    sc.minThreads = 1;
    sc.maxThreads = 4;
    _metricsHttp = std::make_unique<http::HttpServer>(
        sc, std::make_shared<http::RequestPipeline>(std::move(metricsRouter), nullptr, nullptr));
}

uint16_t Server::metricsPort() const {
    return _metricsHttp ? _metricsHttp->port() : 0;
}

Server::~Server() {
    stop();
}

void Server::start() {
    _jobs->start();
    if (_metricsHttp) _metricsHttp->start();
    _http->start();
}

void Server::stop() {
    // Requests first (no new jobs), then the queue drains (JobQueue::stop).
    if (_http) _http->stop();
    if (_jobs) _jobs->stop();
    if (_metricsHttp) _metricsHttp->stop();
}

uint16_t Server::port() const {
    return _http->port();
}

} // namespace finimport::server
