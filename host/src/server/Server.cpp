#include "server/Server.h"

#include "app/PluginLoading.h"
#include "http/handlers/KeyAuthenticator.h"
#include "http/handlers/Routes.h"
#include "store/Migrations.h"

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

Server::Server(app::Config config) : _config(std::move(config)) {
    _db = std::make_unique<store::Database>(_config.database, _config.httpThreads / 4 + 4);
    store::migrate(*_db);
    _plugins = std::make_unique<plugin::PluginRegistry>();
    app::loadPlugins(*_plugins, _config);
    _jobs = std::make_unique<jobs::JobQueue>(*_db, _config.workers);
    _publisher = std::make_unique<app::Publisher>(*_db, _config);
    _publisher->setPlugins(_plugins.get());
    _jobs->setHandler([this](const store::JobRecord& job) { _publisher->run(job); });
    _imports = std::make_unique<app::ImportService>(*_db, *_plugins, _config, *_jobs);
    _keys = std::make_unique<app::ApiKeys>(*_db);

    auto router = http::buildRoutes({*_db, *_imports, *_plugins, _config});
    auto authenticator = std::make_shared<http::KeyAuthenticator>(*_keys);
    auto limiter = std::make_shared<http::RateLimiter>(_config.rateLimitMode == "managed"
                                                           ? http::RateLimitMode::Managed
                                                           : http::RateLimitMode::SelfHosted);
    auto pipeline =
        std::make_shared<http::RequestPipeline>(std::move(router), authenticator, limiter);
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

Server::~Server() {
    stop();
}

void Server::start() {
    _jobs->start();
    _http->start();
}

void Server::stop() {
    if (_http) _http->stop();
    if (_jobs) _jobs->stop();
}

uint16_t Server::port() const {
    return _http->port();
}

} // namespace finimport::server
