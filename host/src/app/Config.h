#pragma once
// Server configuration. Precedence: command-line flags > FINIMPORT_* environment variables >
// config file (`key = value` lines, `#` comments) > defaults.

#include <map>
#include <string>
#include <vector>

namespace finimport::app {

struct Config {
    std::string listen = "127.0.0.1:3000";
    std::string database = "sqlite:var/finimport.db";
    std::vector<std::string> pluginDirs; // empty: the default directories
    int workers = 2;                     // publish/revert job workers
    int httpThreads = 64;
    std::string rateLimitMode = "self_hosted"; // or "managed"
    int64_t rowCap = 10000;
    int64_t accountRowCap = 50;
    int64_t serviceRowCap = 100000;
    std::string fallbackCharset = "windows-1250";
    // Scale-out (issue 13, docs/operations.md).
    int databasePoolSize = 0;   // 0: http_threads / 4 + workers + 4
    int statementTimeoutMs = 0; // PostgreSQL statement_timeout; 0: none
    int jobLeaseSeconds = 30;   // a claim not refreshed for this long is claimed again
    int jobMaxAttempts = 3;     // expired claims before the job and its import fail
    int drainSeconds = 30;      // SIGTERM: running jobs get this long, then are released
    std::string metricsListen;  // empty: GET /metrics on `listen`; else only there

    // Builds the configuration from the sources. `flags` holds the settings given on the
    // command line (same keys as the file). Throws std::invalid_argument on a bad value.
    static Config load(const std::map<std::string, std::string>& flags,
                       const std::vector<std::string>& pluginFlags);
};

// Setting keys and the environment variable of each:
//   listen FINIMPORT_LISTEN, database FINIMPORT_DATABASE, plugins FINIMPORT_PLUGINS
//   (':'-separated), workers FINIMPORT_WORKERS, http_threads FINIMPORT_HTTP_THREADS,
//   rate_limit.mode FINIMPORT_RATE_LIMIT_MODE, limits.rows FINIMPORT_LIMITS_ROWS,
//   limits.account_rows FINIMPORT_LIMITS_ACCOUNT_ROWS, limits.service_rows
//   FINIMPORT_LIMITS_SERVICE_ROWS, encoding.fallback FINIMPORT_ENCODING_FALLBACK,
//   database.pool_size, database.statement_timeout_ms, jobs.lease_seconds, jobs.max_attempts,
//   jobs.drain_seconds, metrics.listen (FINIMPORT_DATABASE_POOL_SIZE, …); the file itself:
//   --config / FINIMPORT_CONFIG.
std::string environmentVariableFor(const std::string& key);

// The plugin directories used when none are configured: <exe>/../lib/finimport/plugins (build
// tree and relocatable installs), then the installed directory.
std::vector<std::string> defaultPluginDirs();

} // namespace finimport::app
