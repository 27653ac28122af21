#pragma once
// Server configuration. Precedence: command-line flags > FINIMPORT_* environment variables >
// config file (`key = value` lines, `#` comments) > defaults.

#include "app/imports/ImportSettings.h"

#include <map>
#include <string>
#include <vector>

namespace finimport::server {

// The row caps and the charset fallback live in the app/ part (app/imports/ImportSettings.h).
struct Config : app::ImportSettings {
    std::string listen = "127.0.0.1:3000";
    std::string database = "sqlite:var/finimport.db";
    std::vector<std::string> pluginDirs; // empty: the default directories
    int workers = 2;                     // publish/revert job workers
    int httpThreads = 64;
    std::string rateLimitMode = "self_hosted"; // or "managed"
    // Plugin runs. Isolation "" = process for configured plugin directories,
    // inline for the built-in one (defaultPluginDirs()); "process" / "inline" = for all.
    std::string pluginIsolation;
    int64_t pluginRunTimeoutSeconds = 60;
    int64_t pluginMaxRows = 1000000;
    int64_t pluginMaxOutputBytes = 256ll << 20;
    int64_t pluginMemoryLimitMb = 1024;
    // Slow clients: see http::ServerConfig.
    int httpHeaderTimeoutSeconds = 10;
    int httpKeepAliveSeconds = 5;
    int64_t httpBodyMinBytesPerSecond = 4096;
    int httpBodyGraceSeconds = 10;
    int httpMaxConnections = 4096;
    int httpRequestConcurrency = 0; // 0: requestConcurrency()'s default
    // Scale-out (docs/operations.md).
    int databasePoolSize = 0;    // 0: http_threads / 4 + workers + 4
    int statementTimeoutMs = 0;  // PostgreSQL statement_timeout; 0: none
    std::string databaseReadUrl; // database.read_url; empty: reads stay on the primary
    int jobLeaseSeconds = 30;    // a claim not refreshed for this long is claimed again
    int jobMaxAttempts = 3;      // expired claims before the job and its import fail
    int drainSeconds = 30;       // SIGTERM: running jobs get this long, then are released
    std::string metricsListen;   // empty: GET /metrics on `listen`; else only there
    bool consoleEnabled = true;  // the web console at / and /console/ (docs/console.md)

    // database.pool_size in effect: as set, else http_threads / 4 + workers + 4.
    int poolSize() const;
    // http.request_concurrency in effect: as set, else 2 per CPU core on SQLite, and 8 per core
    // but at most poolSize() on PostgreSQL.
    int requestConcurrency() const;

    // Builds the configuration from the sources. `flags` holds the settings given on the
    // command line (same keys as the file). Throws std::invalid_argument on a bad value.
    static Config load(const std::map<std::string, std::string>& flags,
                       const std::vector<std::string>& pluginFlags);
};

// One row per setting: the config-file key, the `serve` flag, the FINIMPORT_* variable, the
// help text and docs/configuration.md all come from this table (a test keeps the docs equal).
struct Setting {
    const char* key;         // config-file key, e.g. "limits.rows"
    const char* metavar;     // the value's placeholder in usage text, e.g. "N"
    const char* defaultText; // the default as documented
    const char* meaning;     // one line; no '|' (it is a Markdown table cell)
    void (*apply)(Config& config, const std::string& key, const std::string& value);
    std::string (*show)(const Config& config); // the value in effect, as the file would hold it
};
const std::vector<Setting>& settings();

// The `key = value` lines of a config file (`#` comments); throws std::invalid_argument.
std::map<std::string, std::string> readConfigFile(const std::string& path);

// "limits.rows" -> "FINIMPORT_LIMITS_ROWS"; the file itself: --config / FINIMPORT_CONFIG.
std::string environmentVariableFor(const std::string& key);
// "http_threads" -> "http-threads": the spelling usage text shows (the key itself also works).
std::string flagFor(const std::string& key);

// The plugin directories used when none are configured: <exe>/../lib/finimport/plugins (build
// tree and relocatable installs), then the installed directory.
std::vector<std::string> defaultPluginDirs();

} // namespace finimport::server
