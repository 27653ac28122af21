#pragma once
// GET/HEAD /health: the database answers within a short timeout, its schema is the one this
// binary migrates to, and plugins are loaded; 200 {"status":"ok"} or 503 naming each failed
// check. /health/live stays a constant 200 (docs/operations.md "Health checks").

#include "domain/NoCopy.h"
#include "http/Router.h"
#include "plugin/PluginRegistry.h"
#include "store/Database.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace finimport::server {

class HealthCheck : domain::NoCopy {
public:
    HealthCheck(store::Database& db, const plugin::PluginRegistry& plugins,
                std::chrono::milliseconds timeout);
    ~HealthCheck(); // waits for a database probe still running

    // (check, what failed) for every failed check; empty when healthy.
    std::vector<std::pair<std::string, std::string>> failures();
    // Registers /health and /health/live (GET, and HEAD through the router).
    void addRoutes(http::Router& router);

private:
    // One database probe at a time, on its own thread: a hung database costs the health check
    // its timeout, not a request thread for as long as the database hangs.
    struct Probe {
        std::mutex mutex;
        std::condition_variable done;
        bool finished = false;
        int version = 0;
        std::string error;
    };
    store::Database& _db;
    const plugin::PluginRegistry& _plugins;
    std::chrono::milliseconds _timeout;
    std::mutex _mutex;
    std::shared_ptr<Probe> _probe;
    std::thread _thread;
};

} // namespace finimport::server
